import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LANG, isMessageKey, message, paramsIn, withFieldInWords, type MessageKey, type MessageParam } from '@field-portal/shared';
import { envelopeError } from './envelope.js';

/** An error the caller should see: an HTTP status, a catalogue message and, for bad input, the field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    /** The message's parameters; one in both languages (`{ zh, en }`) is filled in the reader's. */
    readonly params: Record<string, MessageParam> = {},
    readonly field?: string,
    /** What the caller can act on besides the message (the envelope's result), e.g. the existing record of a 409. */
    readonly data?: unknown,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, field?: string, params: Record<string, string | number> = {}) =>
  new AppError(400, key, field ? { field, ...params } : params, field);
export const unauthorized = (key: MessageKey = 'auth.required') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'auth.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'request.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey = 'request.conflict') => new AppError(409, key);

/** A whole part of the request (body, query string, path, headers) by its words' key, as FIELD_WORDS has it. */
const WHOLE_PARTS: Readonly<Record<string, string>> = {
  body: '$body',
  query: '$query',
  querystring: '$query',
  path: '$path',
  params: '$path',
  headers: '$headers',
};
/** `{field}` of a message about a whole part of the request ('body' is the request body, not an article's 正文); another name as it is. */
export const wholePart = (part: string) => WHOLE_PARTS[part] ?? part;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The first zod issue as a message that names the field (SECURITY.md: the message names the field). */
export function describeIssue(
  issue: ValidationIssue,
  context: string | undefined,
): { field: string; key: MessageKey; params: Record<string, string | number> } {
  const pathField = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    const field = [pathField, keys[0]].filter(Boolean).join('.');
    return { field, key: 'field.unknown', params: { field } };
  }
  const field = pathField || context || 'body';
  const params: Record<string, string | number> = { field: pathField ? field : wholePart(field) };
  if (typeof issue.params.minimum === 'number' || typeof issue.params.minimum === 'bigint') params.min = Number(issue.params.minimum);
  if (typeof issue.params.maximum === 'number' || typeof issue.params.maximum === 'bigint') params.max = Number(issue.params.maximum);
  if (issue.message && isMessageKey(issue.message)) return { field, key: issue.message, params };
  switch (issue.keyword) {
    case 'too_big':
      return { field, key: issue.params.origin === 'string' ? 'field.tooLong' : 'field.tooBig', params };
    case 'too_small':
      if (issue.params.origin === 'string' && params.min === 1) return { field, key: 'field.required', params };
      return { field, key: issue.params.origin === 'string' ? 'field.tooShort' : 'field.tooSmall', params };
    case 'invalid_type':
      return { field, key: issue.message?.includes('received undefined') ? 'field.required' : 'field.invalid', params };
    default:
      return { field, key: 'field.invalid', params };
  }
}

/**
 * A zod issue found outside a route schema (JSON text inside a field, multipart fields) as the
 * error the caller sees; `prefix` names the field the issue's path is inside.
 */
export function issueError(issue: { code: string; path: readonly PropertyKey[]; message: string }, prefix?: string): AppError {
  const instancePath = `/${[prefix, ...issue.path.map(String)].filter(Boolean).join('/')}`;
  const { field, key, params } = describeIssue({ keyword: issue.code, instancePath, message: issue.message, params: { ...issue } }, prefix ?? 'body');
  return new AppError(400, key, params, field);
}

/** Errors of the connection to the database (refused, cut, shut down, pool closed), not of a statement. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client was closed|connection is closed|PGlite is closed|Client has encountered a connection error/i;

/** The error and its causes, outermost first (drizzle wraps the driver's error). */
function chain(error: unknown): { code?: unknown; message?: unknown }[] {
  const out: { code?: unknown; message?: unknown }[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    out.push(current as { code?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** Whether the database could not be reached (answer 503), as opposed to a statement failing. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(
    (e) =>
      (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message) && !/^Failed query/.test(e.message)),
  );
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value out of a column's range, text it cannot
 * store, a malformed date) are the input's fault: 400, never 500. The schemas refuse these values
 * first with the field named; this is the net under a schema that missed one.
 */
export function isDataException(error: unknown): boolean {
  return chain(error).some((e) => typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code));
}

/**
 * What the log gets of an error: drizzle's message carries the failed statement and its
 * parameter values (a password hash, personal data); the log keeps the statement only.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const links = chain(error);
  const first = links[0] as { name?: string; stack?: string; query?: string; message?: string; code?: string } | undefined;
  const query = typeof first?.query === 'string' ? first.query : undefined;
  const cause = links.find((e) => e !== first && typeof e.code === 'string') as { code?: string; message?: string } | undefined;
  const strip = (text: string | undefined) => (text ?? '').replace(/\nparams:[\s\S]*$/, '');
  return {
    type: first?.name,
    message: strip(first?.message),
    ...(query ? { query } : {}),
    ...(first?.code ? { code: first.code } : {}),
    ...(cause ? { cause: { code: cause.code, message: cause.message } } : {}),
    stack: [`${first?.name ?? 'Error'}: ${strip(first?.message)}`, ...(first?.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n'),
  };
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params: Record<string, MessageParam> = {},
  field?: string,
  data?: unknown,
) {
  // Fastify's errors before routing come with a request that has no url or language yet.
  const lang = request.lang ?? DEFAULT_LANG;
  // The message names the field in the reader's words; `field` in the answer stays the API's path.
  const msg = message(key, lang, withFieldInWords(key, paramsIn(params, lang), lang));
  return reply.status(status).send(envelopeError(request.url ?? request.raw.url ?? '', status, msg, field, data));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const { field, key, params } = describeIssue(first, error.validationContext);
      return sendError(request, reply, 400, key, params, field);
    }
    if (error instanceof AppError) {
      return sendError(request, reply, error.statusCode, error.key, error.params, error.field, error.data);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return sendError(request, reply, 503, 'request.databaseUnavailable');
    }
    if (isDataException(error)) {
      request.log.warn({ err: loggableError(error) }, 'input refused by the database');
      return sendError(request, reply, 400, 'request.invalid');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, 429, 'login.tooMany');
    if (status === 413) return sendError(request, reply, 413, 'request.tooLarge');
    if (status === 415) return sendError(request, reply, 415, 'request.unsupportedType');
    if (status === 404) return sendError(request, reply, 404, 'request.notFound');
    if (status >= 400 && status < 500) return sendError(request, reply, status, 'request.invalid');
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    // A 500 never carries the stack or the original message (SECURITY.md 16.5.1).
    return sendError(request, reply, 500, 'request.serverError');
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'request.notFound'));
}

/**
 * Fastify's own errors before routing (a path that is not valid percent-encoded UTF-8, a path
 * parameter over its length limit) in the portal's envelope, naming the path.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(request, reply, status, 'field.invalid', { field: 'path' }, 'path');
}
