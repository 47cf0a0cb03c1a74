import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, passwordChangeRequest } from '@field-portal/shared';
import { signInThrottle } from '../../platform/sign-in-throttle.js';
import { currentUser, type CurrentUser } from '../../platform/auth.js';
import { allMenus } from '../admin/index.js';
import { permittedMenus } from './menus.js';
import { changePassword, homeStatisticsFor, loginType, tenantInfo, userInfo } from './service.js';

const domainQuery = z.strictObject({ domain: z.string().max(253).default('') });
const emptyQuery = z.strictObject({});

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  const menusOf = async (user: CurrentUser) =>
    (await app.ctx.authCache.getOrLoad(`menus:${user.id}`, { userId: user.id }, () => permittedMenus(db(), user.id, app.ctx.authCache, user.menuIds)))!;

  r.get(API.system.loginType, {
    config: { public: true },
    schema: { tags: ['system'], summary: 'Login type by domain: the identity server, when one is configured', querystring: domainQuery },
    handler: async (request) => loginType(app.ctx.config, request.query.domain),
  });

  r.get(API.system.tenantInfo, {
    config: { public: true },
    schema: { tags: ['system'], summary: 'Tenant information for the login page and footer', querystring: domainQuery },
    handler: async (request) => tenantInfo(db(), request.query.domain),
  });

  r.get(API.system.userInfo, {
    config: { beforePasswordChange: true },
    schema: {
      tags: ['system'],
      summary: 'The signed-in user',
      querystring: z.strictObject({ isBrief: z.enum(['true', 'false']).default('false') }),
    },
    handler: async (request) => {
      const user = currentUser(request);
      return app.ctx.authCache.getOrLoad(`userinfo:${user.id}`, { userId: user.id }, () => userInfo(db(), user.id));
    },
  });

  r.get(API.system.menuList, {
    schema: { tags: ['system'], summary: "The signed-in user's permitted menus (voList tree, menuList flat)", querystring: emptyQuery },
    handler: async (request) => menusOf(currentUser(request)),
  });

  r.get(API.system.enterprise, {
    schema: { tags: ['system'], summary: 'Enterprise settings', querystring: emptyQuery },
    handler: async () => tenantInfo(db(), ''),
  });

  r.get(API.system.homeStatistics, {
    schema: { tags: ['system'], summary: 'Home page statistics and dashboard tiles', querystring: emptyQuery },
    handler: async (request) => {
      const { menuList } = await menusOf(currentUser(request));
      return homeStatisticsFor(db(), new Map(menuList.map((m) => [m.router, m.path])));
    },
  });

  r.put(API.system.password, {
    config: { beforePasswordChange: true },
    schema: { tags: ['system'], summary: 'Change the own password (personal centre)', body: passwordChangeRequest },
    handler: async (request) => {
      const user = currentUser(request);
      const attempt = { throttle: signInThrottle(app.ctx), username: user.username, address: request.ip };
      await changePassword(db(), app.ctx.authCache, user.id, user.sessionId, request.body.oldPassword, request.body.newPassword, app.ctx.now(), attempt);
      return {};
    },
  });

  r.get(API.system.menuTree, {
    config: { authority: 'system:menuManager' },
    schema: { tags: ['system'], summary: 'All menus as a tree (administration)', querystring: emptyQuery },
    handler: async () => allMenus(db()),
  });
}
