import { lazy, Suspense, type ComponentProps } from 'react';
import type { Alert } from 'antd';

const AntAlert = lazy(() => import('antd/es/alert'));

/**
 * antd's Alert, downloaded when a page shows one (about 2.6 KB gzip): the pages that show it only
 * for a failed load or a note that applies to some records do not download it on opening
 * (docs/decisions/0031).
 */
export function LazyAlert(props: ComponentProps<typeof Alert>) {
  return (
    <Suspense fallback={null}>
      <AntAlert {...props} />
    </Suspense>
  );
}
