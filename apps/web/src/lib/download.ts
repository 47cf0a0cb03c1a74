import { http } from './http';

/** Fetches a file with the bearer token (never a token in a URL) and hands it to the browser as a download. */
export async function downloadAuthorised(url: string, name: string, params?: Record<string, string | number>): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', download: true });
  const objectUrl = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
