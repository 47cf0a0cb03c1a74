import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BATCH_PUSH_AUTHORITY, BATCH_PUSH_PATHS, batchPushCardsQuery, batchPushRequest, PUSH_LIMITS } from '@field-portal/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE, workbookBuffer } from '../../platform/excel.js';
import { batchPush, pushableCards } from './batch.js';
import { receiveReceiverList } from './receiver-list.js';
import type { PushDeps } from './service.js';

const tags = ['push'];

/** Batch push (/batchPush/batchPushIndex; docs/decisions/0030): the menu grant guards every call. Registered inside pushRoutes (multipart is there). */
export async function batchPushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): PushDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });

  r.get(BATCH_PUSH_PATHS.cards, {
    config: { authority: BATCH_PUSH_AUTHORITY },
    schema: { tags, summary: 'Cards a batch may push (created or published), newest first, by title', querystring: batchPushCardsQuery },
    handler: async (request) => pushableCards(app.ctx.database.db, request.query),
  });

  r.post(BATCH_PUSH_PATHS.uploadReceiverList, {
    config: { authority: BATCH_PUSH_AUTHORITY },
    schema: { tags, summary: 'Read one recipient list as the push dialog does: {receiver, unknown, duplicates}', consumes: ['multipart/form-data'] },
    handler: async (request) => receiveReceiverList(request, app.ctx.database.db),
  });

  r.get(BATCH_PUSH_PATHS.downloadTemplate, {
    config: { authority: BATCH_PUSH_AUTHORITY, raw: true },
    schema: { tags, summary: 'The recipient-list template: an .xlsx with the header wwid, name', querystring: z.strictObject({}) },
    handler: async (_request, reply) => {
      const bytes = await workbookBuffer('receivers', [['wwid', 'name']]);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('attachment', 'receiver-template.xlsx')).send(bytes);
    },
  });

  r.post(BATCH_PUSH_PATHS.push, {
    config: { authority: BATCH_PUSH_AUTHORITY, jsonValuesMax: PUSH_LIMITS.bodyValuesMax },
    // Lists may hold many thousands of people, as a push may.
    bodyLimit: 16 * 1024 * 1024,
    schema: { tags, summary: 'Queue every row (a card to its lists) as an ordinary push, all or nothing', body: batchPushRequest },
    handler: async (request) => batchPush(deps(), currentUser(request), request.body),
  });
}
