import { http } from './http';

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): the UTF-8 `filename*` when there is
 * one (the server writes a Chinese name so), else the plain `filename`.
 */
export function dispositionName(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/**
 * Fetches a file with the bearer token (never a token in a URL) and hands it to the browser as a
 * download, under the name the server gives it (one place decides a file's name); `fallbackName`
 * only if the answer names none.
 */
export async function downloadAuthorised(url: string, params?: Record<string, string | number>, fallbackName = 'download'): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', download: true });
  const objectUrl = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = dispositionName(response.disposition) ?? fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
