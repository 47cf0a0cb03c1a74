import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse as secureJsonParse } from 'secure-json-parse';
import { findUnstorable, INPUT_LIMITS, inputShapeProblem, scanJsonText, type InputShapeProblem } from '@field-portal/shared';
import { AppError, wholePart } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The values a JSON body of this route may hold, where a legitimate one holds more than
     * INPUT_LIMITS.valuesMax (a push to many thousands of recipients); docs/decisions/0037.
     */
    jsonValuesMax?: number;
  }
}

/** The 400 for input nested too deep or holding too many values, naming the part and the limit. */
export function inputShapeError(problem: InputShapeProblem, field: string, valuesMax: number): AppError {
  return problem === 'depth'
    ? new AppError(400, 'field.tooDeep', { field: wholePart(field), max: INPUT_LIMITS.depthMax }, field)
    : new AppError(400, 'field.tooManyValues', { field: wholePart(field), max: valuesMax }, field);
}

const valuesMaxOf = (request: FastifyRequest) => request.routeOptions.config?.jsonValuesMax ?? INPUT_LIMITS.valuesMax;

/** Requests whose JSON body was measured as text before it was parsed: not walked a second time. */
const scannedBodies = new WeakSet<FastifyRequest>();

/**
 * No input gets past the schemas of any route, whoever wrote them, in a shape that could take
 * the server down or that PostgreSQL cannot store:
 * - a JSON body is scanned for its nesting and its number of values before it is parsed, and a
 *   query string or another parsed body is measured the same way before anything else walks it
 *   (docs/decisions/0037), without recursion;
 * - every string and object key of the path, query and body is looked at before validation, and
 *   the first unstorable one (NUL, a lone surrogate) answers 400 naming its field. The field
 *   schemas (`dbText`) refuse the same values with the same message; this is the net under them,
 *   so a new route cannot answer 500 "invalid byte sequence" (docs/decisions/0014).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // JSON bodies: Fastify's own parser answers one error for malformed JSON and for `__proto__`;
  // this one names what is wrong (SECURITY.md 15.3.6: a body with __proto__ is refused).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new AppError(400, 'field.required', { field: wholePart('body') }, 'body'), undefined);
    const valuesMax = valuesMaxOf(request);
    const problem = scanJsonText(text, valuesMax);
    if (problem) {
      // The client's input, not a fault of ours: no stack, not at error level.
      request.log.info({ limit: problem, bytes: text.length }, 'JSON body refused by the input limits');
      return done(inputShapeError(problem, 'body', valuesMax), undefined);
    }
    scannedBodies.add(request);
    try {
      done(null, secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const message = (error as Error).message;
      if (/forbidden prototype property/i.test(message)) {
        const field = /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor';
        return done(new AppError(400, 'field.unknown', { field }, field), undefined);
      }
      done(new AppError(400, 'field.invalid', { field: wholePart('body') }, 'body'), undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [string, unknown, number][] = [
      ['path', request.params, INPUT_LIMITS.queryValuesMax],
      ['query', request.query, INPUT_LIMITS.queryValuesMax],
      ['body', request.body, valuesMaxOf(request)],
    ];
    for (const [name, part, valuesMax] of parts) {
      if (name === 'body' && scannedBodies.has(request)) continue;
      const problem = inputShapeProblem(part, valuesMax);
      if (problem) {
        request.log.info({ limit: problem, part: name }, 'input refused by the input limits');
        return done(inputShapeError(problem, name, valuesMax));
      }
    }
    for (const [, part] of parts) {
      const field = findUnstorable(part);
      if (field !== undefined) {
        const name = field || 'body';
        return done(new AppError(400, 'field.unstorable', { field: field || wholePart('body') }, name));
      }
    }
    done();
  });
});
