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
 * antd's small "empty" picture without its `<title>`: the words beside it say what is empty, so a
 * screen reader (and a page's text) has them once, not twice.
 */
function EmptyImage() {
  return (
    <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
      <g transform="translate(0 1)" fill="none" fillRule="evenodd">
        <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
        <g fillRule="nonzero" stroke="#d9d9d9">
          <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
          <path
            d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
            fill="#fafafa"
          />
        </g>
      </g>
    </svg>
  );
}

/**
 * The portal's one empty state (docs/decisions/0061): antd's small picture, the words, an optional
 * reason line and action. Tables, selects and lists that give none get it from the providers'
 * `renderEmpty`; a list or chart that has more to say passes its words.
 */
export function EmptyState({ description, reason, action, className, 'data-testid': testId }: EmptyStateProps) {
  const { msg } = useI18n();
  return (
    <Empty
      className={className ? `fp-empty ${className}` : 'fp-empty'}
      image={<EmptyImage />}
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
