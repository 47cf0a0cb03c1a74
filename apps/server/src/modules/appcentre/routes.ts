import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  APPS_LIMITS,
  appIdParams,
  appInput,
  appListQuery,
  appMenuQuery,
  appMessageValueRequest,
  appUpdate,
  carouselInput,
  carouselSortRequest,
  carouselUpdate,
  classificationInput,
  classificationUpdate,
  getSignQuery,
  idParams,
  openingScreenInput,
  openingScreenPatch,
  orgImportParams,
  verifySignRequest,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { contentDisposition } from '../../platform/file-types.js';
import { derivedKey } from '../../platform/derived-key.js';
import { crudRoutes } from '../../platform/crud.js';
import { OpenApiSigner } from './open-api.js';
import { openAppFile, receiveAppImage } from './files.js';
import { importOrganisations, roleOptions } from '../admin/index.js';
import {
  addFrequent,
  addRecent,
  APP_AUTHORITY,
  appMenusFor,
  classificationSpec,
  deleteApp,
  frequentList,
  initializeApp,
  listApps,
  messagesV1,
  messagesV2,
  recentList,
  removeFrequent,
  updateApp,
  updateMessageValue,
  userApps,
} from './service.js';
import {
  allCarousels,
  saveCarousel,
  updateCarousel,
  deleteCarousel,
  sortCarousels,
  getOpeningScreen,
  saveOpeningScreen,
  patchOpeningScreen,
} from './home-screen.js';

const emptyQuery = z.strictObject({});
const tags = ['apps'];

/**
 * Routes of the app module (spec 001 section 7.8: apps, classifications, frequent and recent apps,
 * carousel, opening screen, app messages, organisation batch import, signed launches; docs/decisions/0010). Administrative calls need the menu authority of
 * their screen; the calls an app centre makes for the signed-in user need only a sign-in.
 */
export async function appCentreRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: Math.max(APPS_LIMITS.imageMaxBytes, APPS_LIMITS.importMaxBytes) + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const now = () => new Date(app.ctx.now());
  const admin = { authority: APP_AUTHORITY };
  const P = API.apps;

  // apps
  r.post(P.app.initialization, {
    config: admin,
    schema: { tags, summary: 'Create (initialise) an app with its roles and menus', body: appInput },
    handler: async (request) => initializeApp(db(), currentUser(request), request.body, now()),
  });
  r.put(P.app.update, {
    config: admin,
    schema: { tags, summary: 'Update an app; its roles and menus are replaced', body: appUpdate },
    handler: async (request) => {
      const { id, ...input } = request.body;
      return updateApp(db(), currentUser(request), id, input, now());
    },
  });
  r.delete(P.app.remove, {
    config: admin,
    schema: { tags, summary: 'Delete an app (its menus, roles, frequent and recent entries and messages go with it)', params: appIdParams },
    handler: async (request) => {
      await deleteApp(db(), currentUser(request), request.params.appId);
      return {};
    },
  });
  r.get(P.app.listByExample, {
    config: admin,
    schema: { tags, summary: 'Apps by example (search, classificationId, enabled), pageable; {total, page, size, list}', querystring: appListQuery },
    handler: async (request) => listApps(db(), request.query),
  });
  r.get(P.app.userAll, {
    schema: { tags, summary: 'Every app the signed-in user may use, by classification and sort', querystring: emptyQuery },
    handler: async (request) => userApps(db(), currentUser(request).id),
  });

  r.get(P.app.roles, {
    config: admin,
    schema: { tags, summary: 'Roles an app can be limited to: [{id, name, nameEn}]', querystring: emptyQuery },
    handler: async () => (await roleOptions(db())).map(({ id, name, nameEn }) => ({ id, name, nameEn })),
  });

  // classifications: create and list (spec), update and delete (refused while apps are in it)
  crudRoutes(app, classificationSpec(P.classification, classificationInput, classificationUpdate));

  // images
  r.post(P.file.upload, {
    config: admin,
    schema: {
      tags,
      summary: 'Upload an image (icon, carousel, opening screen): PNG, JPG or GIF, at most 2 MB; {fileId, url, name, size}',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => receiveAppImage(request, { db: db(), files: app.ctx.files, now: app.ctx.now }, currentUser(request)),
  });
  // Every signed-in user: the app centre shows icons and the carousel.
  r.get(P.file.download, {
    config: { raw: true },
    schema: { tags, summary: 'An uploaded image', params: z.strictObject({ fileId: z.uuid() }) },
    handler: async (request, reply) => {
      const { file, stream, size } = await openAppFile({ db: db(), files: app.ctx.files }, request.params.fileId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', size)
        .header('content-disposition', contentDisposition('inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  });

  // carousel
  r.put(P.carousel.save, {
    config: admin,
    schema: { tags, summary: 'Add a carousel item at the end', body: carouselInput },
    handler: async (request) => saveCarousel(db(), currentUser(request), request.body),
  });
  r.patch(P.carousel.update, {
    config: admin,
    schema: { tags, summary: 'Update a carousel item', body: carouselUpdate },
    handler: async (request) => {
      const { id, ...input } = request.body;
      return updateCarousel(db(), currentUser(request), id, input);
    },
  });
  r.patch(P.carousel.updateSort, {
    config: admin,
    schema: { tags, summary: 'Reorder the carousel: ids lists every item once, first shown first', body: carouselSortRequest },
    handler: async (request) => sortCarousels(db(), currentUser(request), request.body.ids),
  });
  r.delete(P.carousel.remove, {
    config: admin,
    schema: { tags, summary: 'Delete a carousel item', params: idParams },
    handler: async (request) => {
      await deleteCarousel(db(), currentUser(request), request.params.id);
      return {};
    },
  });
  r.get(P.carousel.all, {
    schema: { tags, summary: 'The carousel in its order (every signed-in user)', querystring: emptyQuery },
    handler: async () => allCarousels(db()),
  });

  // frequently and recently used apps of the signed-in user
  r.get(P.frequent.list, {
    schema: { tags, summary: "The signed-in user's frequently used apps", querystring: emptyQuery },
    handler: async (request) => frequentList(db(), currentUser(request).id),
  });
  r.post(P.frequent.add, {
    schema: { tags, summary: 'Add an app to the frequently used apps (at most 20)', params: appIdParams },
    handler: async (request) => {
      await addFrequent(db(), currentUser(request).id, request.params.appId);
      return {};
    },
  });
  r.delete(P.frequent.remove, {
    schema: { tags, summary: 'Remove an app from the frequently used apps', params: appIdParams },
    handler: async (request) => {
      await removeFrequent(db(), currentUser(request).id, request.params.appId);
      return {};
    },
  });
  r.get(P.recent.list, {
    schema: { tags, summary: "The signed-in user's recently used apps, latest first (at most 10)", querystring: emptyQuery },
    handler: async (request) => recentList(db(), currentUser(request).id),
  });
  r.post(P.recent.add, {
    schema: { tags, summary: 'Record a use of an app', params: appIdParams },
    handler: async (request) => {
      await addRecent(db(), currentUser(request).id, request.params.appId, now());
      return {};
    },
  });

  // per-user app messages
  r.get(P.message.v1, {
    schema: { tags, summary: "The signed-in user's message values: [{appId, value}]", querystring: emptyQuery },
    handler: async (request) => messagesV1(db(), currentUser(request).id),
  });
  r.get(P.message.v2, {
    schema: { tags, summary: 'Every app the signed-in user may use with its message value and app details', querystring: emptyQuery },
    handler: async (request) => messagesV2(db(), currentUser(request).id),
  });
  r.post(P.message.updateValue, {
    schema: { tags, summary: "Set the signed-in user's message value of an app", body: appMessageValueRequest },
    handler: async (request) => updateMessageValue(db(), currentUser(request).id, request.body.appId, request.body.value, now()),
  });

  // opening screen page
  r.get(P.openingScreen.get, {
    schema: { tags, summary: 'The opening screen page (null before it is saved; every signed-in user)', querystring: emptyQuery },
    handler: async () => getOpeningScreen(db()),
  });
  r.put(P.openingScreen.save, {
    config: admin,
    schema: { tags, summary: 'Save the whole opening screen page', body: openingScreenInput },
    handler: async (request) => saveOpeningScreen(db(), currentUser(request), request.body, now()),
  });
  r.patch(P.openingScreen.update, {
    config: admin,
    schema: { tags, summary: 'Change some fields of the opening screen page', body: openingScreenPatch },
    handler: async (request) => patchOpeningScreen(db(), currentUser(request), request.body, now()),
  });

  // organisation batch import
  r.post(P.orgImport, {
    config: admin,
    schema: {
      tags,
      summary:
        'Import organisations of a type from .xlsx, .xls or .csv (1 MB; header name, nameEn, code, parentCode, sort, grade, leader); {imported, problems}',
      params: orgImportParams,
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => importOrganisations(request, db(), app.ctx.authCache, currentUser(request), request.params.type),
  });

  // an app's menu for the signed-in user
  r.get(P.appMenu, {
    schema: { tags, summary: "An app's menu entries of a type (MENU by default) for the signed-in user", params: appIdParams, querystring: appMenuQuery },
    handler: async (request) => appMenusFor(db(), currentUser(request).id, request.params.appId, request.query.type),
  });

  // signed app launches (docs/decisions/0012)
  const signer = new OpenApiSigner(derivedKey(app.ctx.config, 'field-portal open-api sign v1'), app.ctx.now);
  r.get(P.openApi.getSign, {
    schema: {
      tags,
      summary: 'Signed launch parameters of an app for the signed-in user: {appId, appKey, account, timestamp, nonce, sign, url}',
      querystring: getSignQuery,
    },
    handler: async (request) => signer.getSign(db(), currentUser(request), request.query.appId),
  });
  r.post(P.openApi.verifySign, {
    config: { public: true, rateLimit: { max: 600, timeWindow: 60_000 } },
    schema: {
      tags,
      summary: "An app's server checks launch parameters (no sign-in); each signature is accepted once, within 5 minutes: {account, name, email, appKey}",
      body: verifySignRequest,
    },
    handler: async (request) => signer.verify(db(), request.body),
  });
}
