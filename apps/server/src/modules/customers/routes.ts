import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  CUSTOMERS_AUTHORITIES as AUTH,
  cityCodeQuery,
  coverageQuery,
  hospitalByIdQuery,
  hospitalFilterQuery,
  hospitalIdQuery,
  hospitalListQuery,
  hospitalPickQuery,
  provinceCodeQuery,
} from '@field-portal/shared';
import { contentDisposition } from '../../platform/file-types.js';
import { XLSX_TYPE, workbookBuffer } from '../push/excel.js';
import { countHospitals, exportHospitals, hospitalDetail, hospitalGender, listHospitals, pickHospitals, scopeRegions, setCoverage } from './hospitals.js';
import { requestScope } from './scope.js';

const H = API.customers.hospital;
const D = API.customers.doctor;
const emptyQuery = z.strictObject({});

/** Routes of the customer area (docs/decisions/0017); every read goes through the caller's data scope. */
export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const scope = (request: FastifyRequest) => requestScope(request, db());
  const tags = ['hospital'];

  r.get(H.list, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'Hospitals in the caller\'s scope by keyset; {content, total, capped, nextCursor}', querystring: hospitalListQuery },
    handler: async (request) => listHospitals(db(), await scope(request), request.query),
  });
  r.get(H.count, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'How many hospitals in the caller\'s scope match; {count}', querystring: hospitalFilterQuery },
    handler: async (request) => countHospitals(db(), await scope(request), request.query),
  });
  r.get(H.byId, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'One hospital; 404 outside the caller\'s scope', querystring: hospitalByIdQuery },
    handler: async (request) => hospitalDetail(db(), await scope(request), request.query.id),
  });
  r.get(H.gender, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'Gender split of the hospital\'s doctors', querystring: hospitalIdQuery },
    handler: async (request) => hospitalGender(db(), await scope(request), request.query.hospitalId),
  });
  r.get(H.province, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'Provinces of the hospitals in the caller\'s scope', querystring: emptyQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 1),
  });
  r.get(H.city, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'Cities of a province with hospitals in the caller\'s scope', querystring: provinceCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 2, request.query.provinceCode),
  });
  r.get(H.county, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: 'Counties of a city with hospitals in the caller\'s scope', querystring: cityCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 3, request.query.cityCode),
  });
  r.get(H.export, {
    config: { authority: AUTH.hospital, raw: true },
    schema: { tags, summary: 'The hospitals in the caller\'s scope as .xlsx', querystring: hospitalFilterQuery },
    handler: async (request, reply) => {
      const rows = await exportHospitals(db(), await scope(request), request.query);
      const buffer = await workbookBuffer('hospitals', [
        ['id', 'name', 'province', 'city', 'county', 'level', 'type', 'covered'],
        ...rows.map((h) => [h.id, h.name, h.province, h.city, h.county, h.level, h.type, h.covered ? 'Y' : 'N']),
      ]);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('attachment', 'hospitals.xlsx')).send(buffer);
    },
  });
  r.get(H.coverage, {
    config: { authority: AUTH.coverage },
    schema: { tags, summary: 'Marks a hospital in scope as covered or not (GET as spec 7.4 shows)', querystring: coverageQuery },
    handler: async (request) => setCoverage(db(), await scope(request), request.query),
  });
  r.get(D.queryXjpHospital, {
    config: { authority: AUTH.doctor },
    schema: { tags: ['doctor'], summary: 'Hospitals in the caller\'s scope for a picker', querystring: hospitalPickQuery },
    handler: async (request) => pickHospitals(db(), await scope(request), request.query),
  });
}
