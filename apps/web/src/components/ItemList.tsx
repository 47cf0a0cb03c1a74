import type { CSSProperties, Key, MouseEvent, ReactNode } from 'react';
import { Spin } from 'antd';
import { EmptyState } from './EmptyState';

interface ItemListProps<T> {
  items: readonly T[];
  /** The key of an item's line; its index when not given (lists that are redrawn whole). */
  rowKey?: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  loading?: boolean;
  /** Above the first item, on a line of its own. */
  header?: ReactNode;
  /** Below the last item: a "load more" button. */
  footer?: ReactNode;
  /** Tighter lines, for a list inside a card. */
  size?: 'small' | 'default';
  /** What an empty list says; the portal's empty state with 暂无数据 / No data when not given. */
  empty?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A list of items, one line each, split by a rule (docs/decisions/0068): a `<ul>` of `<li>`s, so a
 * screen reader says how many there are. antd 6 deprecates its List (removed in 7) for Listy, a
 * virtual list of `<div>`s for long scrolling lists; the portal's lists are short and in cards.
 */
export function ItemList<T>({
  items,
  rowKey,
  renderItem,
  loading,
  header,
  footer,
  size = 'default',
  empty,
  className,
  style,
  'data-testid': testId,
}: ItemListProps<T>) {
  const classes = ['fp-item-list', size === 'small' ? 'fp-item-list-small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} style={style} data-testid={testId}>
      {header ? <div className="fp-item-list-header">{header}</div> : null}
      <Spin spinning={Boolean(loading)}>
        {items.length > 0 ? (
          <ul className="fp-item-list-items">
            {items.map((item, index) => (
              <li key={rowKey ? rowKey(item) : index} className="fp-item-line">
                {renderItem(item, index)}
              </li>
            ))}
          </ul>
        ) : loading ? (
          <div className="fp-item-list-loading" />
        ) : (
          (empty ?? <EmptyState />)
        )}
      </Spin>
      {footer}
    </div>
  );
}

/** A click on the item opens it, unless it was on a link or button of its own, which does its own thing. */
function opensItem(event: MouseEvent<HTMLElement>, open: () => void) {
  if ((event.target as Element).closest('a, button')) return;
  open();
}

interface ItemProps {
  /** The first line, in the text's colour. */
  title?: ReactNode;
  /** The line under the title, in grey. */
  description?: ReactNode;
  /** An icon or picture before the title. */
  avatar?: ReactNode;
  /** Buttons or facts under the item (vertical) or at its end. */
  actions?: ReactNode[];
  /** A picture at the item's right (a cover). */
  extra?: ReactNode;
  /** Under the title and description. */
  children?: ReactNode;
  /** At the item's end, after the words (a status tag). */
  end?: ReactNode;
  /** Actions under the words rather than at the end of the line. */
  vertical?: boolean;
  /** The whole item opens something; the keyboard reaches it by the link or button in its title. */
  onClick?: () => void;
  className?: string;
  'data-testid'?: string;
}

/** One item of an `ItemList`: a title and description, with an avatar, actions and a picture where given. */
export function Item({ title, description, avatar, actions, extra, children, end, vertical, onClick, className, 'data-testid': testId }: ItemProps) {
  const classes = ['fp-item', vertical ? 'fp-item-vertical' : '', onClick ? 'fp-item-clickable' : '', className ?? ''].filter(Boolean).join(' ');
  const actionList =
    actions && actions.length > 0 ? (
      <ul className="fp-item-actions">
        {actions.map((action, index) => (
          <li key={index}>{action}</li>
        ))}
      </ul>
    ) : null;
  return (
    // The click is a larger target for a pointer; the title's link or button is the keyboard's way in.
    <div className={classes} data-testid={testId} onClick={onClick ? (event) => opensItem(event, onClick) : undefined}>
      <div className="fp-item-main">
        {avatar ? <div className="fp-item-avatar">{avatar}</div> : null}
        <div className="fp-item-body">
          {title ? <div className="fp-item-title">{title}</div> : null}
          {description ? <div className="fp-item-description">{description}</div> : null}
          {children}
          {vertical ? actionList : null}
        </div>
        {end ? <div className="fp-item-end">{end}</div> : null}
        {vertical ? null : actionList}
        {extra ? <div className="fp-item-extra">{extra}</div> : null}
      </div>
    </div>
  );
}
