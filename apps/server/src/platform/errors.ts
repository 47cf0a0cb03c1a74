import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, message, type MessageKey } from '@field-portal/shared';
import { envelopeError } from './envelope.js';

/** An error the caller should see: an HTTP status, a catalogue message and, for bad input, the field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
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

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The first zod issue as a message that names the field (SECURITY.md: the message names the field). */
export function describeIssue(issue: ValidationIssue, context: string | undefined): { field: string; key: MessageKey; params: Record<string, string | number> } {
  const pathField = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    const field = [pathField, keys[0]].filter(Boolean).join('.');
    return { field, key: 'field.unknown', params: { field } };
  }
  const field = pathField || context || 'body';
  const params: Record<string, string | number> = { field };
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

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, key: MessageKey, params: Record<string, string | number> = {}, field?: string) {
  const msg = message(key, request.lang, params);
  return reply.status(status).send(envelopeError(request.url, status, msg, field));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const { field, key, params } = describeIssue(first, error.validationContext);
      return sendError(request, reply, 400, key, params, field);
    }
    if (error instanceof AppError) {
      return sendError(request, reply, error.statusCode, error.key, error.params, error.field);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, 429, 'login.tooMany');
    if (status === 413) return sendError(request, reply, 413, 'request.tooLarge');
    if (status === 415) return sendError(request, reply, 415, 'request.unsupportedType');
    if (status === 404) return sendError(request, reply, 404, 'request.notFound');
    if (status >= 400 && status < 500) return sendError(request, reply, status, 'request.invalid');
    request.log.error({ err: error }, 'unhandled error');
    // A 500 never carries the stack or the original message (SECURITY.md 16.5.1).
    return sendError(request, reply, 500, 'request.serverError');
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'request.notFound'));
}
