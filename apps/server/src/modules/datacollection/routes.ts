import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  DATA_COLLECTION_AUTHORITIES,
  DATA_COLLECTION_LIMITS,
  dataCollectionFileQuery,
  dataCollectionListQuery,
  dataCollectionStatusRequest,
} from '@field-portal/shared';
import { currentUser, holdsAuthority } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { changeStatus, createRequest, listAll, listMine, openAttachment, type DataCollectionDeps } from './service.js';
import { receiveForm } from './upload.js';

const tags = ['dataCollection'];

/** Data-collection requests (spec 001 sections 3 and 5; docs/decisions/0028). */
export async function dataCollectionRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 2, fileSize: DATA_COLLECTION_LIMITS.fileMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): DataCollectionDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });

  r.post(API.dataCollection.submit, {
    config: { authority: DATA_COLLECTION_AUTHORITIES.submit },
    schema: {
      tags,
      summary: 'File a data-collection request: the form fields, then at most one file (10M); result the request',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { form, file } = await receiveForm(request, app.ctx.files);
      return createRequest(deps(), user, form, file);
    },
  });

  r.get(API.dataCollection.mine, {
    config: { authority: DATA_COLLECTION_AUTHORITIES.submit },
    schema: { tags, summary: "The caller's own requests, newest first; result {total, result}", querystring: dataCollectionListQuery },
    handler: async (request) => listMine(deps(), currentUser(request).id, request.query),
  });

  r.get(API.dataCollection.list, {
    config: { authority: DATA_COLLECTION_AUTHORITIES.manage },
    schema: { tags, summary: 'Every request, newest first, optionally by status; result {total, result}', querystring: dataCollectionListQuery },
    handler: async (request) => listAll(deps(), request.query),
  });

  r.put(API.dataCollection.updateStatus, {
    config: { authority: DATA_COLLECTION_AUTHORITIES.manage },
    schema: { tags, summary: 'Move a request to its next status (the requester gets a notice); result the request', body: dataCollectionStatusRequest },
    handler: async (request) => changeStatus(deps(), app.ctx.database, currentUser(request).username, request.lang, request.body),
  });

  r.get(API.dataCollection.file, {
    config: { authority: [DATA_COLLECTION_AUTHORITIES.submit, DATA_COLLECTION_AUTHORITIES.manage], raw: true },
    schema: { tags, summary: "A request's attachment, for its requester and the handling menu", querystring: dataCollectionFileQuery },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const file = await openAttachment(deps(), user, holdsAuthority(user.authorities, DATA_COLLECTION_AUTHORITIES.manage), request.query.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .send(file.stream);
    },
  });
}
