import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, cardIdQuery, CARD_LIMITS, deleteCardFileRequest, updateCardRequest } from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { cardBuList, deleteCardFile, draftCard, newCardId, openCardFile, saveCard, selectCard, type CardDeps, type CardFileReader } from './service.js';
import { receiveCardFile } from './upload.js';

/** Menu authority of the card editor (seed/menus.ts: area cardArea, router NewCard). */
export const CARD_AUTHORITY = 'cardArea:NewCard';

const emptyQuery = z.strictObject({});
const tags = ['cards'];

export interface CardRouteOptions {
  /** Who may read a card file beyond its uploader and the card staff (the feed's recipients). */
  mayReadFile: CardFileReader;
}

/** Card service, authoring part (spec 000 section 7): /API-XJP/IdataCardInfo/, envelope { status, msg, data }. */
export async function cardRoutes(app: FastifyInstance, options: CardRouteOptions) {
  // Multipart is parsed only here; limits are set per request (upload.ts).
  await app.register(multipart, { limits: { files: 1, fileSize: CARD_LIMITS.attachmentMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): CardDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });
  const config = { authority: CARD_AUTHORITY };

  r.get(API.cards.newCardId, {
    config,
    schema: { tags, summary: 'Allocate a card id, reserved for the caller until the card is saved', querystring: emptyQuery },
    handler: async (request) => newCardId(deps(), currentUser(request)),
  });

  r.post(API.cards.updateCard, {
    config,
    schema: {
      tags,
      summary: "Save a draft (any partial content) or create the card (every rule of spec 000 section 5); only the caller's own reservation or draft",
      body: updateCardRequest,
    },
    handler: async (request) => saveCard(deps(), currentUser(request), request.body),
  });

  r.get(API.cards.getDraftCard, {
    config,
    schema: { tags, summary: "The caller's own draft", querystring: cardIdQuery },
    handler: async (request) => draftCard(deps(), currentUser(request), request.query.id),
  });

  r.get(API.cards.selectCard, {
    config,
    schema: { tags, summary: 'A card by id', querystring: cardIdQuery },
    handler: async (request) => selectCard(deps(), request.query.id),
  });

  r.post(API.cards.uploadCardFile, {
    config,
    schema: {
      tags,
      summary: 'Upload one card file: form fields id and kind (avatar | image | attachment) first, then the file',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => receiveCardFile(request, deps(), currentUser(request)),
  });

  r.post(API.cards.deleteCardFile, {
    config,
    schema: { tags, summary: "Delete an uploaded file of the caller's card that is not created yet", body: deleteCardFileRequest },
    handler: async (request) => {
      await deleteCardFile(deps(), currentUser(request), request.body);
      return {};
    },
  });

  // Any signed-in user may ask; the uploader, the card console's staff and the card's recipients get it (docs/decisions/0007).
  r.get(API.cards.file, {
    config: { raw: true },
    schema: {
      tags,
      summary: 'Download an uploaded card file (its uploader, card staff, or an employee the card was delivered to)',
      params: z.strictObject({ fileId: z.uuid() }),
    },
    handler: async (request, reply) => {
      const { file, stream, size } = await openCardFile(deps(), request.params.fileId, currentUser(request), options.mayReadFile);
      const inline = file.kind !== 'attachment' && (file.mime === 'image/jpeg' || file.mime === 'image/png');
      return reply
        .header('content-type', file.mime)
        .header('content-length', size)
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });

  r.get(API.cards.findBu, {
    config,
    schema: { tags, summary: "The caller's own BU list (data.status, data.data)", querystring: emptyQuery },
    handler: async (request) => cardBuList(deps(), currentUser(request)),
  });
}
