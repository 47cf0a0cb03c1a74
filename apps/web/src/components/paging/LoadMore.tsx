import { Button } from 'antd';
import { useI18n } from '@/lib/i18n';

/**
 * The one "load more" of a console list that grows downwards (articles, opinion items,
 * suggestions; docs/decisions/0061): centred under the list, busy while the next part loads.
 * The phone feed keeps its own, drawn without antd.
 */
export function LoadMore({ onMore, loading }: { onMore: () => void; loading?: boolean }) {
  const { msg } = useI18n();
  return (
    <div className="fp-load-more">
      <Button onClick={onMore} loading={loading}>
        {msg('pager.more')}
      </Button>
    </div>
  );
}
