import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, DOWNLOAD_LIMITS, asyncDownloadQuery, downloadFileQuery, findByCreateByQuery, updateDownloadStatusRequest } from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE } from '../../platform/excel.js';
// The doctor list's export (the customers module's filters and data scope).
import './doctor-template.js';
import { badRequest } from '../../platform/errors.js';
import { downloadTemplate } from './templates.js';
import { listDownloads, openDownload, queueDownload, updateDownloadStatus, type DownloadDeps } from './service.js';

const tags = ['downloads'];

/** The template's parameters: checked against the named template's own strict schema in the service. */
const templateParams = z.record(z.string().max(64), z.unknown()).optional();

/**
 * The download centre (spec 001 section 7.7; docs/decisions/0022). Any signed-in user has one and
 * sees only their own jobs; each template names the menu authority its data needs.
 */
export async function downloadsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): DownloadDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });

  r.post(API.downloads.asyncDownload, {
    bodyLimit: DOWNLOAD_LIMITS.paramsMaxBytes,
    schema: {
      tags,
      summary: "Queue an export of a template ({templateName}); the body is the template's parameters. Answers at once: {job, reused}",
      querystring: asyncDownloadQuery,
      body: templateParams,
    },
    // An unknown template is refused before its parameters are looked at, so the answer names it.
    preValidation: async (request) => {
      const name = (request.query as { templateName?: unknown }).templateName;
      if (typeof name === 'string' && name.trim() !== '' && !downloadTemplate(name.trim()))
        throw badRequest('download.templateUnknown', 'templateName', { name: name.slice(0, DOWNLOAD_LIMITS.templateNameMax) });
    },
    handler: async (request) => queueDownload(deps(), currentUser(request), request.lang, request.query.templateName, request.body),
  });

  r.get(API.downloads.findByCreateBy, {
    schema: { tags, summary: "The caller's export jobs, newest first; result {total, pending, result}", querystring: findByCreateByQuery },
    handler: async (request) => listDownloads(deps(), currentUser(request), request.lang, request.query),
  });

  r.put(API.downloads.updateStatusById, {
    schema: { tags, summary: "Mark one of the caller's jobs downloaded, or cancel it while unfinished", body: updateDownloadStatusRequest },
    handler: async (request) => updateDownloadStatus(deps(), currentUser(request), request.lang, request.body),
  });

  r.get(API.downloads.file, {
    config: { raw: true },
    schema: { tags, summary: "The finished .xlsx of one of the caller's jobs (404 for anyone else's, 410 once expired)", querystring: downloadFileQuery },
    handler: async (request, reply) => {
      const file = await openDownload(deps(), currentUser(request), request.query.id);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .send(file.stream);
    },
  });
}
