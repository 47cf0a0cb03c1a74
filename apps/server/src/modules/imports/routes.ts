import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  IMPORT_LIMITS,
  IMPORTS_AUTHORITY,
  importBatchRequest,
  importCommitRequest,
  importDeactivateRequest,
  importJobQuery,
  importTemplateQuery,
  type ImportKind,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { XLSX_TYPE } from '../../platform/excel.js';
import { contentDisposition } from '../../platform/file-types.js';
import './errors-file.js';
import { batchDeactivate, batchUpsert, commitImport, getImport, listImports, uploadImport, type ImportDeps } from './service.js';
import { importTemplate } from './template.js';

const tags = ['imports'];
const config = { authority: IMPORTS_AUTHORITY };

/** The import centre (docs/decisions/0042): every call needs its own grant, 数据管理 → 导入中心. */
export async function importsRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: IMPORT_LIMITS.csvMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ImportDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now, authCache: app.ctx.authCache });

  r.get(API.imports.template, {
    config: { ...config, raw: true },
    schema: {
      tags,
      summary:
        "The kind's template, an .xlsx in the caller's language: the header to fill in (required columns marked *, each with a note), how to fill in each column, and the accepted values read from the reference data now",
      querystring: importTemplateQuery,
    },
    handler: async (request, reply) => {
      const file = await importTemplate(deps().db, request.query.kind, request.lang, deps().now());
      return reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition('attachment', file.name))
        .send(file.body);
    },
  });

  r.post(API.imports.upload, {
    config,
    schema: {
      tags,
      summary: 'Upload a file (fields kind, fullList, then file: .csv ≤ 200 MB or .xlsx ≤ 30 MB); a dry run is queued; result ImportJob',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => uploadImport(deps(), request, currentUser(request), request.lang),
  });

  r.get(API.imports.job, {
    config,
    schema: { tags, summary: "One of the caller's imports with its counts and first refused rows", querystring: importJobQuery },
    handler: async (request) => getImport(deps(), currentUser(request), request.lang, request.query.id),
  });

  r.get(API.imports.list, {
    config,
    schema: { tags, summary: "The caller's latest imports" },
    handler: async (request) => listImports(deps(), currentUser(request), request.lang),
  });

  r.post(API.imports.commit, {
    config,
    schema: { tags, summary: 'Commit a finished dry run: allOrNothing (default) or validOnly; result ImportJob (queued)', body: importCommitRequest },
    handler: async (request) => commitImport(deps(), currentUser(request), request.lang, request.body.id, request.body.mode),
  });

  const batch = (kind: ImportKind, upsert: string, deactivate: string) => {
    r.post(upsert, {
      config,
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, summary: `Upsert up to 1,000 ${kind} by the company's code; the result of every record`, body: importBatchRequest },
      handler: async (request) => batchUpsert(deps(), currentUser(request), request.lang, kind, request.body.records),
    });
    r.post(deactivate, {
      config,
      schema: {
        tags,
        summary: `Deactivate up to 1,000 ${kind} by code (never deleted; users and territories by login name; products and visits have no inactive state)`,
        body: importDeactivateRequest,
      },
      handler: async (request) => batchDeactivate(deps(), currentUser(request), kind, request.body.codes),
    });
  };
  batch('organisations', API.imports.upsertOrganisations, API.imports.deactivateOrganisations);
  batch('users', API.imports.upsertUsers, API.imports.deactivateUsers);
  batch('territories', API.imports.upsertTerritories, API.imports.deactivateTerritories);
  batch('hospitals', API.imports.upsertHospitals, API.imports.deactivateHospitals);
  batch('doctors', API.imports.upsertDoctors, API.imports.deactivateDoctors);
  batch('products', API.imports.upsertProducts, API.imports.deactivateProducts);
  batch('visits', API.imports.upsertVisits, API.imports.deactivateVisits);
}
