/**
 * How a prepared request reaches the server: `fetch` for every call, XMLHttpRequest only for an
 * upload whose progress is shown (fetch reports no upload progress). The client
 * (client.ts) adds the headers, the token and the spec's rules; a transport only sends and reads.
 */

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the body's length. */
  total?: number;
}

export type ResponseType = 'json' | 'blob';

export interface TransportRequest {
  method: string;
  /** With its query string. */
  url: string;
  headers: Record<string, string>;
  body?: XMLHttpRequestBodyInit;
  timeoutMs: number;
  signal?: AbortSignal;
  responseType: ResponseType;
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface TransportReply {
  status: number;
  /** The parsed JSON, the text when it is not JSON, '' for an empty body, a Blob for a blob call answered with 2xx. */
  data: unknown;
  /** The answer's Content-Disposition, for a blob call answered with 2xx: the file's name as the server gives it. */
  disposition?: string;
}

/** No reply: the connection failed, the time ran out, or the caller cancelled. */
export class TransportError extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'cancelled') {
    super(reason);
    this.name = 'TransportError';
  }
}

export type Transport = (request: TransportRequest) => Promise<TransportReply>;

/** A JSON body parsed, any other text as it is (what the server's error pages and plain replies are). */
export function parseText(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isSuccessStatus = (status: number) => status >= 200 && status < 300;

export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const cancel = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: controller.signal });
    // A failed download answers with the server's JSON error, which the error notice shows.
    const data = request.responseType === 'blob' && isSuccessStatus(response.status) ? await response.blob() : parseText(await response.text());
    const disposition = (request.responseType === 'blob' && response.headers.get('content-disposition')) || undefined;
    return { status: response.status, data, disposition };
  } catch (error) {
    if (timedOut) throw new TransportError('timeout');
    if (request.signal?.aborted) throw new TransportError('cancelled');
    throw error instanceof TransportError ? error : new TransportError('network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
};

export const xhrTransport: Transport = (request) =>
  new Promise<TransportReply>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const done = () => request.signal?.removeEventListener('abort', cancel);
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = request.timeoutMs;
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    const progress = request.onUploadProgress;
    if (progress) xhr.upload.onprogress = (event) => progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      done();
      const blob = request.responseType === 'blob';
      if (blob && isSuccessStatus(xhr.status))
        resolve({ status: xhr.status, data: xhr.response as Blob, disposition: xhr.getResponseHeader('content-disposition') ?? undefined });
      else if (blob)
        void (xhr.response as Blob).text().then(
          (text) => resolve({ status: xhr.status, data: parseText(text) }),
          () => resolve({ status: xhr.status, data: '' }),
        );
      else resolve({ status: xhr.status, data: parseText(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(new TransportError('network'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new TransportError('timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new TransportError('cancelled'));
    };
    if (request.signal?.aborted) {
      xhr.onabort = null;
      reject(new TransportError('cancelled'));
      return;
    }
    request.signal?.addEventListener('abort', cancel, { once: true });
    xhr.send(request.body ?? null);
  });

/** The default: XMLHttpRequest where upload progress is wanted, fetch otherwise. */
export const browserTransport: Transport = (request) => (request.onUploadProgress ? xhrTransport(request) : fetchTransport(request));
