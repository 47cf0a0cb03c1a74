import { SESSION } from '@field-portal/shared';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Inline style of the overlay: a tiled, rotated text as an SVG image (no script, no canvas). */
export function watermarkStyle(text: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="180">` +
    `<text x="140" y="90" text-anchor="middle" dominant-baseline="middle" transform="rotate(-22 140 90)" ` +
    `fill="rgba(15,23,42,0.10)" font-size="15" font-family="sans-serif">${escapeXml(text)}</text></svg>`;
  return [
    'position:fixed',
    'inset:0',
    'z-index:2147483000',
    'pointer-events:none',
    'display:block',
    'visibility:visible',
    'opacity:1',
    `background-image:url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`,
    'background-repeat:repeat',
  ].join(';');
}

export const WATERMARK_ATTR = 'data-watermark';

/**
 * Puts a full-page, non-interactive watermark on the page and re-checks it every
 * SESSION.watermarkRecheckMs (spec 001 section 2.1): removed or altered, it comes back.
 * Returns the function that takes it away.
 */
export function mountWatermark(text: string, doc: Document = document, intervalMs: number = SESSION.watermarkRecheckMs): () => void {
  const style = watermarkStyle(text);
  const create = () => {
    const el = doc.createElement('div');
    el.setAttribute(WATERMARK_ATTR, '');
    el.setAttribute('aria-hidden', 'true');
    el.setAttribute('style', style);
    doc.body.appendChild(el);
    return el;
  };
  let el = create();
  const expected = el.outerHTML;
  const timer = setInterval(() => {
    if (el.parentNode !== doc.body || el.outerHTML !== expected) {
      el.remove();
      el = create();
    }
  }, intervalMs);
  return () => {
    clearInterval(timer);
    el.remove();
  };
}
