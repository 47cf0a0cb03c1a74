import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { App, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, PushpinFilled } from '@ant-design/icons';
import { localName, useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { closeAllTags, closeOtherTags, closeTag, type Tag, type TagChange } from '@/lib/tabs/tag-rules';
import { tagsStore, useTags } from '@/lib/tabs/tags-store';
import { clearUnsaved, suppressUnsavedWarning, unsavedMessage } from '@/lib/tabs/close-guards';

/** A tab's words: the page's name, and the record it shows (data, written as it is). */
function TagTitle({ tag, lang }: { tag: Tag; lang: 'zh' | 'en' }): ReactNode {
  const page = localName(tag.title, lang);
  if (!tag.record) return page;
  return (
    <>
      {page} · <span translate="no">{tag.record}</span>
    </>
  );
}

const titleText = (tag: Tag, lang: 'zh' | 'en') => (tag.record ? `${localName(tag.title, lang)} · ${tag.record}` : localName(tag.title, lang));

/**
 * Whether the tabs are wider than the bar, followed as the bar is resized and tabs come and go:
 * then the bar scrolls (the wheel too) and a list of every tab is offered at its end, so no tab is
 * out of reach (issue 34).
 */
function useOverflow(scroller: RefObject<HTMLDivElement | null>, tagCount: number): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    // The observer measures once as it starts, after the browser's own layout: measuring here
    // would force a layout of the whole page while it is still loading (docs/decisions/0055).
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The row, as the window or the side bar changes its width; the list, as its tabs' words change
    // width (another language, a record's name) without a tab coming or going.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [scroller, tagCount]);
  return overflowing;
}

/** Tabs of visited pages with close, close others and close all (spec 001 sections 2.7 and 4). */
export function TagBar({ activePath }: { activePath: string }) {
  const tags = useTags();
  const navigate = useNavigate();
  const { lang, t, anyMsg } = useI18n();
  const { modal } = App.useApp();
  const scroller = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(scroller, tags.length);

  // The active tab is in view whatever opened it: the menu, a link, the list of every tab, and in
  // either language; the whole tab, its close button too. The row is scrolled by hand: scrollIntoView
  // would also move the keyboard's starting point to the tab, so the next Tab would skip the skip
  // link and the menus.
  useEffect(() => {
    const row = scroller.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]')?.closest<HTMLElement>('.fp-tag');
    if (!row || !active) return;
    const left = active.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    const right = left + active.offsetWidth;
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth;
  }, [activePath, tags.length, overflowing, lang]);

  const commit = (change: TagChange, closed: string[]) => {
    for (const path of closed) clearUnsaved(path);
    tagsStore.set(change.tags);
    if (change.navigateTo) void navigate(change.navigateTo);
  };
  // Closing a tab whose form is edited and not submitted asks first (spec 001 section 4).
  const apply = (change: TagChange) => {
    const kept = new Set(change.tags.map((tag) => tag.path));
    const closed = tagsStore
      .get()
      .map((tag) => tag.path)
      .filter((path) => !kept.has(path));
    const question = unsavedMessage(closed);
    if (!question) return commit(change, closed);
    let suppress = false;
    // The dialog opens once its checkbox's code has arrived, so it shows whole at once.
    void import('./SuppressCheckbox').then(({ SuppressCheckbox }) => {
      modal.confirm({
        title: anyMsg(question),
        content: <SuppressCheckbox label={t('tags.unsavedSuppress')} onChange={(checked) => (suppress = checked)} />,
        okText: t('tags.unsavedContinue'),
        cancelText: t('common.cancel'),
        onOk: () => {
          if (suppress) suppressUnsavedWarning();
          commit(change, closed);
        },
      });
    });
  };

  const contextItems = (tag: Tag): MenuProps['items'] => [
    { key: 'close', label: t('tags.close'), disabled: tag.affix },
    { key: 'closeOthers', label: t('tags.closeOthers') },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];

  const onContext = (tag: Tag, key: string) => {
    const current = tagsStore.get();
    if (key === 'close') apply(closeTag(current, tag.path, activePath, HOME_PATH));
    else if (key === 'closeOthers') apply(closeOtherTags(current, tag.path, activePath));
    else if (key === 'closeAll') apply(closeAllTags(current, activePath, HOME_PATH));
  };

  return (
    <nav className="fp-tagbar" aria-label={t('tags.bar')} data-testid="tag-bar">
      <div
        className="fp-tagbar-scroll"
        ref={scroller}
        data-overflowing={overflowing || undefined}
        onWheel={(event) => {
          // A mouse wheel scrolls the row of tabs sideways: there is nothing to scroll up or down here.
          if (event.deltaX === 0 && event.deltaY !== 0) event.currentTarget.scrollLeft += event.deltaY;
        }}
      >
        <ul className="fp-tagbar-list">
          {tags.map((tag) => {
            const active = tag.path === activePath;
            const title = titleText(tag, lang);
            return (
              <li key={tag.path}>
                <Dropdown trigger={['contextMenu']} menu={{ items: contextItems(tag), onClick: ({ key }) => onContext(tag, key) }}>
                  <div className={`fp-tag${active ? ' is-active' : ''}`} data-tag-path={tag.path} data-affix={tag.affix || undefined}>
                    <button
                      type="button"
                      className="fp-tag-label"
                      aria-current={active ? 'page' : undefined}
                      title={tag.record ? title : undefined}
                      onClick={() => void navigate(tag.fullPath)}
                    >
                      {tag.affix ? <PushpinFilled className="fp-tag-pin" /> : null}
                      <span className="fp-tag-text">
                        <TagTitle tag={tag} lang={lang} />
                      </span>
                    </button>
                    {tag.affix ? null : (
                      <button
                        type="button"
                        className="fp-tag-close"
                        aria-label={`${t('tags.close')} ${title}`}
                        onClick={() => apply(closeTag(tagsStore.get(), tag.path, activePath, HOME_PATH))}
                      >
                        <CloseOutlined />
                      </button>
                    )}
                  </div>
                </Dropdown>
              </li>
            );
          })}
        </ul>
      </div>
      {overflowing ? (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: tags.map((tag) => ({ key: tag.path, label: <TagTitle tag={tag} lang={lang} /> })),
            selectable: true,
            selectedKeys: [activePath],
            className: 'fp-tagbar-all-menu',
            onClick: ({ key }) => {
              const tag = tagsStore.get().find((x) => x.path === key);
              if (tag) void navigate(tag.fullPath);
            },
          }}
        >
          <button type="button" className="fp-tagbar-all" data-testid="tag-bar-all">
            {t('tags.all', { n: tags.length })}
            <DownOutlined />
          </button>
        </Dropdown>
      ) : null}
    </nav>
  );
}
