import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useI18n } from '@/lib/i18n';

interface EmptyStateProps {
  /** What is missing, in the portal's words; 暂无数据 / No data when not given. */
  description?: ReactNode;
  /** Why it is empty or what to do, on a line of its own. */
  reason?: ReactNode;
  /** A button or link that fills it. */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * The portal's one empty state (docs/decisions/0061): antd's small image, the words, an optional
 * reason line and action. Tables, selects and lists that give none get it from the providers'
 * `renderEmpty`; a list or chart that has more to say passes its words.
 */
export function EmptyState({ description, reason, action, className, 'data-testid': testId }: EmptyStateProps) {
  const { msg } = useI18n();
  return (
    <Empty
      className={className ? `fp-empty ${className}` : 'fp-empty'}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId}
      description={
        <>
          <span className="fp-empty-words">{description ?? msg('empty.noData')}</span>
          {reason ? <span className="fp-empty-reason">{reason}</span> : null}
        </>
      }
    >
      {action}
    </Empty>
  );
}
