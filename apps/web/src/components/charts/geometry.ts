/**
 * What every SVG chart of the portal shares (docs/decisions/0031): the palette and
 * labels that fit (numbers in lib/format.ts). Axes and lines are in cartesian-geometry.ts, sectors in pie-geometry.ts.
 */

/** ECharts' default colours, so charts that name none keep the look they had. */
export const DEFAULT_PALETTE = ['#5070dd', '#b6d634', '#505372', '#ff994d', '#0ca8df', '#ffd10a', '#fb628b', '#785db0', '#3fbe95'];

let context: CanvasRenderingContext2D | null | undefined;
/** Widths measured so far: a chart's labels are measured again on every render, and cut to fit a character at a time. */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 5_000;

/** The width of a text at the charts' 12 px font, in pixels (an estimate where there is no canvas). */
export function textWidth(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  const width = measure(text);
  if (widths.size >= WIDTHS_KEPT) widths.clear();
  widths.set(text, width);
  return width;
}

function measure(text: string): number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
    if (context) context.font = '12px sans-serif';
  }
  if (context) return context.measureText(text).width;
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 12 : 7;
  return w;
}

/** Where a line may break: after a Chinese character, or after a word with its spaces. */
const BREAKS = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]\s*|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+/g;

/**
 * The text in lines of at most `width` pixels, broken between words (and between the characters
 * of Chinese), at most `maxLines` of them, the last cut with an ellipsis when
 * the text is longer still.
 */
export function wrapText(text: string, width: number, maxLines = 2): string[] {
  if (textWidth(text) <= width || maxLines <= 1) return [truncate(text, width)];
  const words = text.match(BREAKS) ?? [text];
  const lines: string[] = [];
  let line = '';
  let k = 0;
  for (; k < words.length && lines.length < maxLines - 1; k++) {
    const next = line + words[k]!;
    if (line && textWidth(next.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = '';
      k--;
    } else line = next;
  }
  const rest = (line + words.slice(k).join('')).trim();
  if (lines.length === 0) return [truncate(rest, width)];
  return [...lines.map((l) => truncate(l, width)), truncate(rest, width)];
}

/** The text cut to `width` pixels with an ellipsis, as ECharts' `overflow: 'truncate'`. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}
