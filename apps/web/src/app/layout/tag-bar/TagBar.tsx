import { useNavigate } from 'react-router';
import { App, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, PushpinFilled } from '@ant-design/icons';
import { localName, useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { closeAllTags, closeOtherTags, closeTag, type Tag, type TagChange } from '@/lib/tabs/tag-rules';
import { tagsStore, useTags } from '@/lib/tabs/tags-store';
import { clearUnsaved, suppressUnsavedWarning, unsavedMessage } from '@/lib/tabs/close-guards';

/** Tabs of visited pages with close, close others and close all (spec 001 sections 2.7 and 4). */
export function TagBar({ activePath }: { activePath: string }) {
  const tags = useTags();
  const navigate = useNavigate();
  const { lang, t, anyMsg } = useI18n();
  const { modal } = App.useApp();

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
      <ul className="fp-tagbar-list">
        {tags.map((tag) => {
          const active = tag.path === activePath;
          const title = localName(tag.title, lang);
          return (
            <li key={tag.path}>
              <Dropdown trigger={['contextMenu']} menu={{ items: contextItems(tag), onClick: ({ key }) => onContext(tag, key) }}>
                <div className={`fp-tag${active ? ' is-active' : ''}`} data-tag-path={tag.path} data-affix={tag.affix || undefined}>
                  <button type="button" className="fp-tag-label" aria-current={active ? 'page' : undefined} onClick={() => void navigate(tag.fullPath)}>
                    {tag.affix ? <PushpinFilled className="fp-tag-pin" /> : null}
                    {title}
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
    </nav>
  );
}
