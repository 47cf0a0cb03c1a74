import { useQuery } from '@tanstack/react-query';
import { DATA } from '@/lib/data-text';
import { tenantInfoQuery } from '@/lib/session/queries';

/** The tenant's copyright line and filing number (spec 001 section 2.7). */
export function TenantFooter({ className = '' }: { className?: string }) {
  const tenant = useQuery(tenantInfoQuery(window.location.hostname));
  if (!tenant.data) return null;
  return (
    <footer className={`fp-footer ${className}`} {...DATA}>
      <span>{tenant.data.copyright}</span>
      {tenant.data.filingNumber ? <span className="fp-footer-filing">{tenant.data.filingNumber}</span> : null}
    </footer>
  );
}
