import sanitizeHtml from 'sanitize-html';
import { ARTICLE_BODY_TAGS } from '@field-portal/shared';

/**
 * The rich text an article body may keep (SECURITY.md, input and output): formatting, lists,
 * tables, links and images with http/https addresses only; no script, style, iframe, form or
 * event-handler attribute survives. Runs on the server on every save, so the stored body is
 * safe to render as it is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_BODY_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

export function sanitizeArticleBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether the cleaned body still says something (text or an image). */
export function hasContent(cleanHtml: string): boolean {
  return /<img\s/i.test(cleanHtml) || sanitizeHtml(cleanHtml, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}
