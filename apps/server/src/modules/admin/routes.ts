import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_AUTHORITIES as AUTH,
  ADMIN_LIMITS,
  API,
  adminIdParams,
  auditListQuery,
  cascadeQuery,
  langCatalogueQuery,
  langListQuery,
  langRequest,
  menuRequest,
  PASSWORD_LINK_PAGE_PATH,
  passwordLinkQuery,
  passwordLinkRequest,
  orgRequest,
  permissionListQuery,
  permissionRequest,
  roleListQuery,
  roleRequest,
  userCreateRequest,
  userEnabledRequest,
  userInviteRequest,
  userListQuery,
  userPasswordRequest,
  userUpdateRequest,
} from '@field-portal/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.js';
import { listAudit } from './audit-log.js';
import { messageGroupAndEnterpriseRoutes } from './groups-and-settings.js';
import { actorOf } from './common.js';
import { createLang, deleteLang, langCatalogue, listLang, updateLang } from './lang.js';
import { createMenu, deleteMenu, menuManageTree, updateMenu } from './menu.js';
import { createOrg, deleteOrg, orgTree, updateOrg } from './org.js';
import { createPermission, deletePermission, importPermissions, listPermissions, type HospitalNameOf, type HospitalNames } from './permissions.js';
import { createRole, deleteRole, getRole, listRoles, roleOptions, updateRole } from './role.js';
import { createUser, deleteUser, getUser, listUsers, resetPassword, setEnabled, updateUser } from './user.js';
import { inviteUsers, passwordLinkStatus, setPasswordByLink } from './invitations.js';

const A = API.admin;
const emptyQuery = z.strictObject({});

export interface AdminRouteOptions {
  /** Checks a hospital permission's hospital: customers' lookup, wired by the server. */
  hospitalNames: HospitalNames;
  /** A permission's hospital named in the permission list's statement: customers' fragment, wired by the server. */
  hospitalName: HospitalNameOf;
}

/** Routes of system administration (docs/decisions/0009-administration.md). */
export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions) {
  await app.register(multipart, { limits: { files: 1, fileSize: ADMIN_LIMITS.permissionImportMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const cache = () => app.ctx.authCache;
  const now = () => new Date(app.ctx.now());
  const tags = ['admin'];

  /* languages */
  r.get(A.langCatalogue, {
    config: { public: true },
    schema: { tags, summary: 'One language of the text catalogue as { key: content }', querystring: langCatalogueQuery },
    handler: async (request) => langCatalogue(db(), request.query.langType),
  });
  r.get(A.langList, {
    config: { authority: AUTH.lang },
    schema: { tags, summary: 'Catalogue entries by language and key or content; {total, content}', querystring: langListQuery },
    handler: async (request) => listLang(db(), request.query),
  });
  r.post(A.lang, {
    config: { authority: AUTH.lang },
    schema: { tags, summary: 'Add a catalogue entry', body: langRequest },
    handler: async (request) => createLang(db(), actorOf(currentUser(request)), request.body, now()),
  });
  r.put(A.langById, {
    config: { authority: AUTH.lang },
    schema: { tags, summary: 'Edit a catalogue entry', params: adminIdParams, body: langRequest },
    handler: async (request) => updateLang(db(), actorOf(currentUser(request)), request.params.id, request.body, now()),
  });
  r.delete(A.langById, {
    config: { authority: AUTH.lang },
    schema: { tags, summary: 'Delete a catalogue entry', params: adminIdParams },
    handler: async (request) => {
      await deleteLang(db(), actorOf(currentUser(request)), request.params.id);
      return {};
    },
  });

  /* organisations */
  r.get(A.orgTree, {
    config: { authority: [AUTH.org, AUTH.role, AUTH.user] },
    schema: { tags, summary: 'The organisation tree', querystring: emptyQuery },
    handler: async () => orgTree(db()),
  });
  r.post(A.org, {
    config: { authority: AUTH.org },
    schema: { tags, summary: 'Add an organisation', body: orgRequest },
    handler: async (request) => createOrg(db(), cache(), actorOf(currentUser(request)), request.body),
  });
  r.put(A.orgById, {
    config: { authority: AUTH.org },
    schema: { tags, summary: 'Edit an organisation', params: adminIdParams, body: orgRequest },
    handler: async (request) => updateOrg(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body),
  });
  r.delete(A.orgById, {
    config: { authority: AUTH.org },
    schema: {
      tags,
      summary: 'Delete an organisation and, with cascade=true, its descendants; 409 names their count otherwise',
      params: adminIdParams,
      querystring: cascadeQuery,
    },
    handler: async (request) => deleteOrg(db(), cache(), actorOf(currentUser(request)), request.params.id, request.query.cascade === 'true'),
  });

  /* menus */
  r.get(A.menuManageTree, {
    config: { authority: [AUTH.menu, AUTH.role] },
    schema: { tags, summary: 'Every menu as a tree, with link and visibility (administration)', querystring: emptyQuery },
    handler: async () => menuManageTree(db()),
  });
  r.post(A.menu, {
    config: { authority: AUTH.menu },
    schema: { tags, summary: 'Add a menu', body: menuRequest },
    handler: async (request) => createMenu(db(), cache(), actorOf(currentUser(request)), request.body),
  });
  r.put(A.menuById, {
    config: { authority: AUTH.menu },
    schema: { tags, summary: 'Edit a menu', params: adminIdParams, body: menuRequest },
    handler: async (request) => updateMenu(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body),
  });
  r.delete(A.menuById, {
    config: { authority: AUTH.menu },
    schema: {
      tags,
      summary: 'Delete a menu and, with cascade=true, its descendants; 409 names their count otherwise',
      params: adminIdParams,
      querystring: cascadeQuery,
    },
    handler: async (request) => deleteMenu(db(), cache(), actorOf(currentUser(request)), request.params.id, request.query.cascade === 'true'),
  });

  /* roles */
  r.get(A.roleList, {
    config: { authority: AUTH.role },
    schema: { tags, summary: 'Roles with organisation, data scope, app key and granted menus; {total, content}', querystring: roleListQuery },
    handler: async (request) => listRoles(db(), request.query),
  });
  r.get(A.roleOptions, {
    config: { authority: [AUTH.role, AUTH.user] },
    schema: { tags, summary: 'Every role (id, name, nameEn, usable), for pickers', querystring: emptyQuery },
    handler: async () => roleOptions(db()),
  });
  r.get(A.roleById, {
    config: { authority: AUTH.role },
    schema: { tags, summary: 'One role', params: adminIdParams },
    handler: async (request) => getRole(db(), request.params.id),
  });
  r.post(A.role, {
    config: { authority: AUTH.role },
    schema: { tags, summary: 'Add a role with its permissions (menu ids)', body: roleRequest },
    handler: async (request) => createRole(db(), cache(), actorOf(currentUser(request)), request.body),
  });
  r.put(A.roleById, {
    config: { authority: AUTH.role },
    schema: { tags, summary: 'Edit a role and replace its permissions', params: adminIdParams, body: roleRequest },
    handler: async (request) => updateRole(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body),
  });
  r.delete(A.roleById, {
    config: { authority: AUTH.role },
    schema: { tags, summary: 'Delete a role', params: adminIdParams },
    handler: async (request) => {
      await deleteRole(db(), cache(), actorOf(currentUser(request)), request.params.id);
      return {};
    },
  });

  /* users */
  r.get(A.userList, {
    config: { authority: [AUTH.user, AUTH.permission] },
    schema: { tags, summary: 'Users by keyword, state, type, role and organisation; {total, content}', querystring: userListQuery },
    handler: async (request) => listUsers(db(), request.query),
  });
  r.get(A.userById, {
    config: { authority: [AUTH.user, AUTH.permission] },
    schema: { tags, summary: 'One user', params: adminIdParams },
    handler: async (request) => getUser(db(), request.params.id),
  });
  r.post(A.user, {
    config: { authority: AUTH.user },
    schema: { tags, summary: 'Add a user (password and at least one role required)', body: userCreateRequest },
    handler: async (request) => createUser(db(), actorOf(currentUser(request)), request.body, now()),
  });
  r.put(A.userById, {
    config: { authority: AUTH.user },
    schema: { tags, summary: 'Edit a user; a non-empty newPassword sets a new password', params: adminIdParams, body: userUpdateRequest },
    handler: async (request) => updateUser(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body, now()),
  });
  r.put(A.userEnabled, {
    config: { authority: AUTH.user },
    schema: { tags, summary: 'Enable or disable a user; disabling ends every session at once', params: adminIdParams, body: userEnabledRequest },
    handler: async (request) => setEnabled(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body.enabled, now()),
  });
  r.put(A.userPassword, {
    config: { authority: AUTH.user },
    schema: { tags, summary: "Set a user's password; the user's sessions end", params: adminIdParams, body: userPasswordRequest },
    handler: async (request) => {
      await resetPassword(db(), cache(), actorOf(currentUser(request)), request.params.id, request.body.newPassword, now());
      return {};
    },
  });
  r.post(A.userInvite, {
    config: { authority: AUTH.user },
    schema: { tags, summary: 'E-mail each user a one-time link to set a password (docs/decisions/0072)', body: userInviteRequest },
    handler: async (request) =>
      inviteUsers(
        { db: db(), config: app.ctx.config, now: app.ctx.now },
        actorOf(currentUser(request)),
        request.body.ids,
        app.ctx.config.publicOrigin ?? `${request.protocol}://${request.host}`,
      ),
  });
  // The invitation's link: public, rate-limited per address (the token is the only key).
  const linkLimited = { public: true, rateLimit: { max: ADMIN_LIMITS.passwordLinkPerMinute, timeWindow: 60_000 } } as const;
  r.get(A.passwordLink, {
    config: linkLimited,
    schema: { tags, summary: "Whether an invitation's link is live, and whose", querystring: passwordLinkQuery },
    handler: async (request) => passwordLinkStatus(db(), request.query.token, now()),
  });
  r.post(A.passwordLink, {
    config: linkLimited,
    schema: { tags, summary: "Sets the password with an invitation's link; the link is dead afterwards", body: passwordLinkRequest },
    handler: async (request) => {
      await setPasswordByLink(db(), cache(), request.body.token, request.body.password, now());
      return {};
    },
  });
  // The e-mail's link is a real path; the web's routes are hash routes.
  r.get(PASSWORD_LINK_PAGE_PATH, {
    config: linkLimited,
    schema: { tags, summary: `Forwards to the web's #${PASSWORD_LINK_PAGE_PATH} with the same token`, querystring: passwordLinkQuery.partial() },
    handler: async (request, reply) => {
      const query = request.query.token ? `?${new URLSearchParams({ token: request.query.token }).toString()}` : '';
      return reply.redirect(`/#${PASSWORD_LINK_PAGE_PATH}${query}`, 302);
    },
  });
  r.delete(A.userById, {
    config: { authority: AUTH.user },
    schema: { tags, summary: 'Delete a user', params: adminIdParams },
    handler: async (request) => {
      await deleteUser(db(), cache(), actorOf(currentUser(request)), request.params.id);
      return {};
    },
  });

  /* data permissions */
  r.get(A.permissionList, {
    config: { authority: AUTH.permission },
    schema: { tags, summary: 'Data permissions by user, type and keyword; {total, content}', querystring: permissionListQuery },
    handler: async (request) => listPermissions(db(), request.query, options.hospitalName),
  });
  r.post(A.permission, {
    config: { authority: AUTH.permission },
    schema: { tags, summary: 'Grant a user a view right on a hospital (value = hospital id) or a province', body: permissionRequest },
    handler: async (request) => createPermission(db(), actorOf(currentUser(request)), request.body, options.hospitalNames, options.hospitalName),
  });
  r.delete(A.permissionById, {
    config: { authority: AUTH.permission },
    schema: { tags, summary: 'Remove a data permission', params: adminIdParams },
    handler: async (request) => {
      await deletePermission(db(), actorOf(currentUser(request)), request.params.id, options.hospitalName);
      return {};
    },
  });
  r.post(A.permissionImport, {
    config: { authority: AUTH.permission },
    schema: {
      tags,
      summary: 'Import data permissions from one .csv or .xlsx of at most 1 MB (username, permissionType, permissionValue)',
      consumes: ['multipart/form-data'],
    },
    handler: async (request) => importPermissions(db(), actorOf(currentUser(request)), request, options.hospitalNames),
  });

  /* audit log */
  r.get(A.auditList, {
    config: { authority: AUTH.audit },
    schema: { tags, summary: 'The audit log of administrative changes, newest first; {total, content}', querystring: auditListQuery },
    handler: async (request) => listAudit(db(), request.query),
  });

  messageGroupAndEnterpriseRoutes(app);
}
