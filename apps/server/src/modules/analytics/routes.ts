import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_SHARE_PAGE,
  API,
  dashboardDataRequest,
  dashboardIdParams,
  dashboardStatusRequest,
  insertEventRequest,
  teamTargetRequest,
  type AnalyticsConfig,
} from '@field-portal/shared';
import { DEFAULT_WEB_DIST } from '../../db/paths.js';
import { contentSecurityPolicy } from '../../platform/csp.js';
import { currentUser } from '../../platform/auth.js';
import { sendEntryPage } from '../../platform/web-files.js';
import { envelopeOk } from '../../platform/envelope.js';
import { AnalyticsTokens, analyticsKey } from './tokens.js';
// The report tables' export, run by the download centre (docs/decisions/0022).
import './downloads.js';
import {
  analyticsLogin,
  checkUsernameHeader,
  dashboardData,
  insertEvents,
  saveTeamTarget,
  setDashboardStatus,
  shareValue,
  type AnalyticsDeps,
} from './service.js';

const tags = ['analytics'];
const usernameHeader = z.object({ username: z.string().min(1).max(64) });

/** Who may switch dashboards on and off: the administrators of menus. */
export const ANALYTICS_ADMIN_AUTHORITY = 'system:menuManager';

/** The built web (WEB_DIST, else apps/web/dist) when it holds the share page. */
function webDistOf(configured: string | undefined): string | undefined {
  const dir = configured ?? DEFAULT_WEB_DIST;
  return fs.existsSync(path.join(dir, 'bi', 'index.html')) ? dir : undefined;
}

/** Report screens' share, token and login calls, the share page and its data, and usage tracking (docs/decisions/0008). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokens = new AnalyticsTokens(analyticsKey(app.ctx.config), app.ctx.now);
  // The share page is framed by the portal's own report screens, so it may be framed by its own origin.
  const SHARE_PAGE_CSP = contentSecurityPolicy(app.ctx.config).replace("frame-ancestors 'none'", "frame-ancestors 'self'");
  const deps = (): AnalyticsDeps => ({ db: app.ctx.database.db, tokens, now: app.ctx.now });

  r.get(API.analytics.share, {
    // A bare string would skip the envelope hook: the envelope is built here.
    config: { raw: true },
    schema: {
      tags,
      summary: 'Share value of a dashboard (id = the sort value of its report menu); result null when there is no such dashboard',
      params: dashboardIdParams,
      headers: usernameHeader,
    },
    handler: async (request) => {
      const user = currentUser(request);
      checkUsernameHeader(user, request.headers.username);
      return envelopeOk(request.url, await shareValue(deps(), user, request.params.id));
    },
  });

  r.post(API.analytics.login, {
    schema: { tags, summary: 'Analytics token (result.header.token) and user payload (result.payload)', headers: usernameHeader },
    handler: async (request) => {
      const user = currentUser(request);
      checkUsernameHeader(user, request.headers.username);
      return analyticsLogin(deps(), user);
    },
  });

  r.post(API.analytics.data, {
    config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'The figures of the dashboard behind a share value and token, for a date range and BU',
      params: dashboardIdParams,
      body: dashboardDataRequest,
    },
    handler: async (request) => dashboardData(deps(), request.params.id, request.body, request.lang),
  });

  r.put(API.analytics.dashboardStatus, {
    config: { authority: ANALYTICS_ADMIN_AUTHORITY },
    schema: {
      tags,
      summary: 'Switch a dashboard on or off (off: its share call answers no share value)',
      params: dashboardIdParams,
      body: dashboardStatusRequest,
    },
    handler: async (request) => setDashboardStatus(deps(), currentUser(request), request.params.id, request.body.enabled),
  });

  r.put(API.analytics.teamTarget, {
    config: { authority: ANALYTICS_ADMIN_AUTHORITY },
    schema: {
      tags,
      summary: "Set a team's targets for a month (goData: target recruit, target interaction); the actuals are computed",
      body: teamTargetRequest,
    },
    handler: async (request) => saveTeamTarget(deps(), currentUser(request), request.body),
  });

  r.get(API.analytics.config, {
    schema: { tags, summary: 'Where report screens load the share page from (BI_SHARE_URL, else the built-in page)' },
    handler: async (): Promise<AnalyticsConfig> => ({ shareUrl: app.ctx.config.biShareUrl ?? ANALYTICS_SHARE_PAGE }),
  });

  r.post(API.analytics.insertEvent, {
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    schema: { tags, summary: 'Usage-tracking events (one, or a batch of up to 50) of the signed-in user', body: insertEventRequest },
    handler: async (request) => {
      return { count: await insertEvents(deps(), currentUser(request), request.ip, request.body) };
    },
  });

  // The built-in share page: the `bi` entry of the web build, framed by the report screens.
  app.get(ANALYTICS_SHARE_PAGE, { schema: { hide: true } }, async (request, reply) => {
    const webDist = webDistOf(app.ctx.config.webDist);
    const file = webDist && path.join(webDist, 'bi', 'index.html');
    if (!file || !fs.existsSync(file)) return reply.status(404).type('text/plain; charset=utf-8').send('The analytics share page is not built.');
    reply.header('content-security-policy', SHARE_PAGE_CSP);
    reply.header('x-frame-options', 'SAMEORIGIN');
    return sendEntryPage(request, reply, file);
  });
}
