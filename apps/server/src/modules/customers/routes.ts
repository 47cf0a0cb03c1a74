import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  CUSTOMERS_AUTHORITIES as AUTH,
  addDoctorRequest,
  correctionDecisionRequest,
  correctionIdParams,
  correctionListQuery,
  correctionRequest,
  departmentQuery,
  distributionQuery,
  doctorFilterQuery,
  doctorIdQuery,
  doctorListQuery,
  doctorTagUpdateRequest,
  indicationQuery,
  overrideModeRequest,
  parentCodeQuery,
  tagCreateRequest,
  tagIdQuery,
  tagUpdateRequest,
  titleQuery,
  updatePhoneQuery,
  cityCodeQuery,
  coverageQuery,
  hospitalByIdQuery,
  hospitalFilterQuery,
  hospitalIdQuery,
  hospitalListQuery,
  hospitalPickQuery,
  provinceCodeQuery,
} from '@field-portal/shared';
import { currentUser, holdsAuthority } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { codesOf, departmentTree, departmentsOf, indications, medicinesWithIndications, titlesOf } from '../reference/index.js';
import { addDoctor } from './add-doctor.js';
import { createCorrection, decideCorrection, listCorrections } from './corrections.js';
import { departmentCodesAt, distribution, doctorInfo, exportDoctors, listDoctors, setOverrideMode, updatePhone, wecomLink } from './doctors.js';
import { createTag, deleteTag, listTags, updateDoctorTags, updateTag } from './tags.js';
import { XLSX_TYPE, workbookBuffer } from '../../platform/excel.js';
import { findHospitalInScope } from './scope.js';
import { countHospitals, exportHospitals, hospitalDetail, hospitalGender, listHospitals, pickHospitals, scopeRegions, setCoverage } from './hospitals.js';
import { requestScope } from './scope.js';

const H = API.customers.hospital;
const D = API.customers.doctor;
const ADD = API.customers.add;
const T = API.customers.tag;
const emptyQuery = z.strictObject({});

/** Routes of the customer area (docs/decisions/0017); every read goes through the caller's data scope. */
export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const scope = (request: FastifyRequest) => requestScope(request, db());
  const tags = ['hospital'];
  /** Keepers of customer master data review corrections and manage shared tags. */
  const isReviewer = (request: FastifyRequest) => holdsAuthority(currentUser(request).authorities, AUTH.master);
  const caller = (request: FastifyRequest) => ({ userId: currentUser(request).id, master: isReviewer(request) });

  r.get(H.list, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "Hospitals in the caller's scope by keyset; {content, total, capped, nextCursor}", querystring: hospitalListQuery },
    handler: async (request) => listHospitals(db(), await scope(request), request.query),
  });
  r.get(H.count, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "How many hospitals in the caller's scope match; {count}", querystring: hospitalFilterQuery },
    handler: async (request) => countHospitals(db(), await scope(request), request.query),
  });
  r.get(H.byId, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "One hospital; 404 outside the caller's scope", querystring: hospitalByIdQuery },
    handler: async (request) => hospitalDetail(db(), await scope(request), request.query.id),
  });
  r.get(H.gender, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "Gender split of the hospital's doctors", querystring: hospitalIdQuery },
    handler: async (request) => hospitalGender(db(), await scope(request), request.query.hospitalId),
  });
  r.get(H.province, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "Provinces of the hospitals in the caller's scope", querystring: emptyQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 1),
  });
  r.get(H.city, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "Cities of a province with hospitals in the caller's scope", querystring: provinceCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 2, request.query.provinceCode),
  });
  r.get(H.county, {
    config: { authority: AUTH.hospital },
    schema: { tags, summary: "Counties of a city with hospitals in the caller's scope", querystring: cityCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 3, request.query.cityCode),
  });
  r.get(H.export, {
    config: { authority: AUTH.hospital, raw: true },
    schema: { tags, summary: "The hospitals in the caller's scope as .xlsx", querystring: hospitalFilterQuery },
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
    schema: { tags: ['doctor'], summary: "Hospitals in the caller's scope for a picker", querystring: hospitalPickQuery },
    handler: async (request) => pickHospitals(db(), await scope(request), request.query),
  });

  /* doctors */
  const doctorTags = ['doctor'];
  r.get(D.list, {
    config: { authority: AUTH.doctor },
    schema: {
      tags: doctorTags,
      summary: "Doctors in the caller's scope by the filters of spec 001 section 3 and up to five search conditions; keyset page with capped totals",
      querystring: doctorListQuery,
    },
    handler: async (request) => listDoctors(db(), await scope(request), currentUser(request).id, request.query),
  });
  r.get(D.info, {
    config: { authority: AUTH.doctor },
    schema: {
      tags: doctorTags,
      summary: 'One doctor with affiliations and pending corrections; 404 (panoramic-view message) outside the scope',
      querystring: doctorIdQuery,
    },
    handler: async (request) => doctorInfo(db(), await scope(request), currentUser(request).id, request.query.doctorId, isReviewer(request)),
  });
  r.post(D.modifyOverrideMode, {
    config: { authority: AUTH.doctor },
    schema: { tags: doctorTags, summary: 'Whether edits made here override what the data sources bring', body: overrideModeRequest },
    handler: async (request) => setOverrideMode(db(), await scope(request), currentUser(request).id, request.body, isReviewer(request)),
  });
  r.get(D.updatePhone, {
    config: { authority: AUTH.doctor },
    schema: {
      tags: doctorTags,
      summary: "Sets the doctor's mobile number (mainland rule of spec 001 section 5); GET as spec 7.4 shows",
      querystring: updatePhoneQuery,
    },
    handler: async (request) => updatePhone(db(), await scope(request), currentUser(request).id, request.query, isReviewer(request)),
  });
  r.get(D.queryDepartment, {
    config: { authority: AUTH.doctor },
    schema: { tags: doctorTags, summary: 'The department tree; with a hospital, the departments its doctors work in', querystring: departmentQuery },
    handler: async (request) => {
      const { hospitalId } = request.query;
      if (!hospitalId) return departmentTree(db());
      await findHospitalInScope(db(), await scope(request), hospitalId);
      return departmentTree(db(), await departmentCodesAt(db(), hospitalId));
    },
  });
  r.get(D.position, {
    config: { authority: AUTH.doctor },
    schema: { tags: doctorTags, summary: 'Positions of an affiliation', querystring: emptyQuery },
    handler: async () => codesOf(db(), 'position'),
  });
  r.get(D.wecom, {
    config: { authority: AUTH.doctor },
    schema: { tags: doctorTags, summary: "The doctor's enterprise-chat contact", querystring: doctorIdQuery },
    handler: async (request) => wecomLink(db(), await scope(request), request.query.doctorId),
  });
  r.get(D.distribution, {
    config: { authority: AUTH.doctor },
    schema: {
      tags: doctorTags,
      summary: 'Top 10 of the filtered doctors in scope by department, title, province, city or hospital',
      querystring: distributionQuery,
    },
    handler: async (request) => {
      const { dimension, ...filter } = request.query;
      return distribution(db(), await scope(request), currentUser(request).id, filter, dimension);
    },
  });
  r.get(D.export, {
    config: { authority: AUTH.doctor, raw: true },
    schema: { tags: doctorTags, summary: 'The filtered doctors in scope as .xlsx', querystring: doctorFilterQuery },
    handler: async (request, reply) => {
      const rows = await exportDoctors(db(), await scope(request), currentUser(request).id, request.query);
      const buffer = await workbookBuffer('doctors', [
        ['id', 'name', 'hospital', 'province', 'city', 'department', 'subDepartment', 'title', 'doctorRange', 'indications'],
        ...rows.map((d) => [
          d.id,
          d.name,
          d.hospitalName,
          d.province,
          d.city,
          d.dept1Name,
          d.dept2Name ?? '',
          d.titleCode,
          d.doctorRange,
          d.indications.join('、'),
        ]),
      ]);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('attachment', 'doctors.xlsx')).send(buffer);
    },
  });

  /* corrections */
  r.post(D.correction, {
    config: { authority: AUTH.doctor },
    schema: { tags: doctorTags, summary: 'Proposes a correction of a doctor in scope (pending until reviewed)', body: correctionRequest },
    handler: async (request) => createCorrection(db(), await scope(request), currentUser(request).id, request.body),
  });
  r.get(D.correctionList, {
    config: { authority: [...AUTH.doctor, AUTH.master] },
    schema: { tags: doctorTags, summary: 'Corrections: a reviewer sees those of doctors in scope, others their own', querystring: correctionListQuery },
    handler: async (request) => listCorrections(db(), await scope(request), currentUser(request).id, isReviewer(request), request.query),
  });
  r.post(D.correctionAccept, {
    config: { authority: AUTH.master },
    schema: { tags: doctorTags, summary: 'Accepts a pending correction and applies its values', params: correctionIdParams, body: correctionDecisionRequest },
    handler: async (request) => decideCorrection(db(), await scope(request), currentUser(request).id, request.params.id, true, request.body.note),
  });
  r.post(D.correctionReject, {
    config: { authority: AUTH.master },
    schema: { tags: doctorTags, summary: 'Rejects a pending correction', params: correctionIdParams, body: correctionDecisionRequest },
    handler: async (request) => decideCorrection(db(), await scope(request), currentUser(request).id, request.params.id, false, request.body.note),
  });

  /* add doctor */
  const addTags = ['add doctor'];
  r.get(ADD.oneLevelDepartment, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: 'Level-1 departments', querystring: emptyQuery },
    handler: async () => departmentsOf(db(), 1),
  });
  r.get(ADD.twoLevelDepartment, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: 'Level-2 departments of a level-1 department', querystring: parentCodeQuery },
    handler: async (request) => departmentsOf(db(), 2, request.query.parentCode),
  });
  r.get(ADD.titleLevel, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: 'Title levels', querystring: emptyQuery },
    handler: async () => codesOf(db(), 'titleLevel'),
  });
  r.get(ADD.title, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: 'Doctor titles, of one level when given', querystring: titleQuery },
    handler: async (request) => titlesOf(db(), request.query.levelCode),
  });
  r.get(ADD.indication, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: 'Indications of data management, of a department when given', querystring: indicationQuery },
    handler: async (request) => {
      const { keyword, dept1Code, dept2Code } = request.query;
      const names = (await departmentsOf(db(), 1))
        .concat(dept1Code ? await departmentsOf(db(), 2, dept1Code) : [])
        .filter((d) => d.code === dept1Code || d.code === dept2Code)
        .map((d) => d.name);
      return indications(db(), keyword, names);
    },
  });
  // The wizard's places are those of the hospitals a new doctor may join: the caller's scope, as
  // findHospital answers (a province offered with no hospital to choose was a dead end, issue 34).
  r.get(ADD.province, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: "Provinces of the hospitals in the caller's scope", querystring: emptyQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 1),
  });
  r.get(ADD.city, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: "Cities of a province with hospitals in the caller's scope", querystring: provinceCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 2, request.query.provinceCode),
  });
  r.get(ADD.county, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: "Counties of a city with hospitals in the caller's scope", querystring: cityCodeQuery },
    handler: async (request) => scopeRegions(db(), await scope(request), 3, request.query.cityCode),
  });
  r.get(ADD.hospital, {
    config: { authority: AUTH.doctor },
    schema: { tags: addTags, summary: "Hospitals in the caller's scope", querystring: hospitalPickQuery },
    handler: async (request) => pickHospitals(db(), await scope(request), request.query),
  });
  r.post(ADD.addDoctor, {
    config: { authority: AUTH.doctor },
    schema: {
      tags: addTags,
      summary: 'Adds a doctor with its primary affiliation; 409 naming an existing doctor of the same name, hospital and department',
      body: addDoctorRequest,
    },
    handler: async (request) => {
      const s = await scope(request);
      const { id } = await addDoctor(db(), s, currentUser(request).id, request.body);
      return doctorInfo(db(), s, currentUser(request).id, id, isReviewer(request));
    },
  });

  /* tags */
  const tagTags = ['doctor tag'];
  r.get(T.list, {
    config: { authority: AUTH.tag },
    schema: { tags: tagTags, summary: "Shared tags and the caller's own, with doctor counts in scope", querystring: emptyQuery },
    handler: async (request) => listTags(db(), await scope(request), caller(request)),
  });
  r.post(T.add, {
    config: { authority: AUTH.tag },
    schema: { tags: tagTags, summary: 'Creates a personal tag, or a shared one (keepers of customer master data)', body: tagCreateRequest },
    handler: async (request) => createTag(db(), await scope(request), caller(request), request.body),
  });
  r.put(T.update, {
    config: { authority: AUTH.tag },
    schema: { tags: tagTags, summary: 'Renames or recolours a tag the caller may change', body: tagUpdateRequest },
    handler: async (request) => updateTag(db(), await scope(request), caller(request), request.body),
  });
  r.delete(T.remove, {
    config: { authority: AUTH.tag },
    schema: { tags: tagTags, summary: 'Deletes a tag the caller may change', querystring: tagIdQuery },
    handler: async (request) => {
      await deleteTag(db(), caller(request), request.query.id);
      return {};
    },
  });
  r.post(T.doctorTagUpdate, {
    config: { authority: AUTH.tag },
    schema: { tags: tagTags, summary: 'Adds and removes tags on listed doctors or on the whole filtered set in scope', body: doctorTagUpdateRequest },
    handler: async (request) => updateDoctorTags(db(), await scope(request), caller(request), request.body),
  });

  /* the user's medicines */
  r.get(API.customers.userMedicine, {
    schema: { tags: doctorTags, summary: "The caller's medicines (data management's medicines with their indications)", querystring: emptyQuery },
    handler: async () => medicinesWithIndications(db()),
  });
}
