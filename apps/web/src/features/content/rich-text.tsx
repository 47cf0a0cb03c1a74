import { createElement, type ReactNode } from 'react';
import { ARTICLE_BODY_TAGS } from '@field-portal/shared';
import { DATA } from '@/lib/data-text';

/**
 * Article bodies are sanitised by the server; the web shows them without dangerouslySetInnerHTML
 * (SECURITY.md 3.2.2): the HTML is parsed into an inert document and rebuilt as React elements
 * from the same allow-list (`ARTICLE_BODY_TAGS`, packages/shared), so anything unexpected is dropped a
 * second time.
 */
const ALLOWED: ReadonlySet<string> = new Set(ARTICLE_BODY_TAGS);
const VOID = new Set(['br', 'hr', 'img']);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function attributesOf(element: Element, key: string): Record<string, string> {
  const tag = element.tagName.toLowerCase();
  const props: Record<string, string> = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (isHttpUrl(href)) Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer nofollow' });
  }
  if (tag === 'img') {
    const src = element.getAttribute('src') ?? '';
    if (isHttpUrl(src)) props.src = src;
    props.alt = element.getAttribute('alt') ?? '';
  }
  if (tag === 'td' || tag === 'th') {
    for (const name of ['colSpan', 'rowSpan']) {
      const value = element.getAttribute(name.toLowerCase());
      if (value && /^\d{1,2}$/.test(value)) props[name] = value;
    }
  }
  return props;
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, (child, i) => toReact(child, `${key}.${i}`));
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'img' && !isHttpUrl(element.getAttribute('src') ?? '')) return null;
  return createElement(tag, attributesOf(element, key), VOID.has(tag) ? undefined : children);
}

export function richTextNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => toReact(node, String(i)));
}

/** An article's body as written: data, in its own language whatever the screen's (docs/decisions/0054). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className} {...DATA}>
      {richTextNodes(html)}
    </div>
  );
}
