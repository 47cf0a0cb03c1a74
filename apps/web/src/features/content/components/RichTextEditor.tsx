import { memo, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useContentWords } from '@/features/content/i18n';
import { isHttpUrl, richTextNodes } from '../rich-text';

/** The first content, rendered once: later edits belong to the browser's editing, not to React. */
const InitialContent = memo(
  ({ html }: { html: string }) => <>{richTextNodes(html)}</>,
  () => true,
);

/**
 * A small rich-text editor (contentEditable with a toolbar). What it produces is only a
 * proposal: the server keeps what its sanitiser allows (docs/decisions/0020).
 */
export function RichTextEditor({ initial, onChange, label }: { initial: string; onChange: (html: string) => void; label: string }) {
  const { t } = useContentWords();
  const ref = useRef<HTMLDivElement>(null);
  const emit = () => onChange(ref.current?.innerHTML ?? '');
  const command = (name: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(name, false, value);
    emit();
  };
  const link = () => {
    const url = window.prompt(t('content.editor.linkPrompt'), 'https://');
    if (url && isHttpUrl(url)) command('createLink', url);
  };
  const tools: [string, React.ReactNode, string][] = [
    [t('content.editor.bold'), <BoldOutlined key="b" />, 'bold'],
    [t('content.editor.italic'), <ItalicOutlined key="i" />, 'italic'],
    [t('content.editor.underline'), <UnderlineOutlined key="u" />, 'underline'],
    [t('content.editor.bullets'), <UnorderedListOutlined key="ul" />, 'insertUnorderedList'],
    [t('content.editor.numbers'), <OrderedListOutlined key="ol" />, 'insertOrderedList'],
    [t('content.editor.link'), <LinkOutlined key="a" />, 'createLink'],
  ];
  const run = (name: string) => (name === 'createLink' ? link() : command(name));
  return (
    <div className="fp-rich-editor">
      <Space size={4} className="fp-rich-editor-toolbar">
        {tools.map(([title, icon, name]) => (
          <Tooltip title={title} key={title}>
            <Button size="small" type="text" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={() => run(name)} />
          </Tooltip>
        ))}
        <Button size="small" type="text" onMouseDown={(e) => e.preventDefault()} onClick={() => command('formatBlock', 'h3')}>
          H
        </Button>
      </Space>
      <div
        ref={ref}
        className="fp-rich-editor-body fp-article-body"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onBlur={emit}
      >
        <InitialContent html={initial} />
      </div>
    </div>
  );
}
