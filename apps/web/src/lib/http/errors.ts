/** How a call failed; the notice policy and the callers decide on this. */
export type FailureKind =
  /** A reply with an error status or an error code. */
  | 'http'
  /** No reply (status 0). */
  | 'network'
  | 'timeout'
  /** HTTP 450: rejected without a word (spec 001 section 8). */
  | 'silent'
  /** Refresh failed: the session has ended and the user is on the way to the login page. */
  | 'sessionExpired'
  | 'cancelled';

export class HttpError extends Error {
  /** The client has shown this failure to the user already (a toast): the caller need not. */
  notified = false;

  constructor(
    readonly kind: FailureKind,
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(`${kind}${status ? ` ${status}` : ''}`);
    this.name = 'HttpError';
  }

  /** The server's own message (`msg` or `message`), when it sent one. */
  get serverMessage(): string | undefined {
    return serverMessageOf(this.body);
  }

  /** The failing input field the server named, if any. */
  get field(): string | undefined {
    const body = this.body as { field?: unknown } | null | undefined;
    return typeof body?.field === 'string' ? body.field : undefined;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/** A reply that says there is no such record (404). */
export const isNotFound = (value: unknown): boolean => isHttpError(value) && value.status === 404;

export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { msg, message } = body as { msg?: unknown; message?: unknown };
  if (typeof msg === 'string' && msg.trim()) return msg;
  if (typeof message === 'string' && message.trim()) return message;
  return undefined;
}
