import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API } from '@field-portal/shared';
import type { AppContext } from './platform/context.js';
import { authPlugin } from './platform/auth.js';
import { envelopePlugin } from './platform/envelope.js';
import { frameworkError, registerErrorHandling } from './platform/errors.js';
import { i18nPlugin } from './platform/i18n.js';
import { requestStampPlugin } from './platform/request-stamp.js';
import { inputGuardPlugin } from './platform/input-guard.js';
import { accessTokenRoutes, authRoutes } from './modules/auth/index.js';
import { cardRoutes } from './modules/cards/index.js';
import { pushRoutes } from './modules/push/index.js';
import { systemRoutes } from './modules/system/index.js';
import { messagingRoutes } from './modules/messaging/index.js';
import { canReadCardFile, feedRoutes } from './modules/feed/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { adminRoutes, signInAccounts } from './modules/admin/index.js';
import { appCentreRoutes } from './modules/appcentre/index.js';
import { homeRoutes } from './modules/home/index.js';
import { meetingRoutes } from './modules/meetings/index.js';
import { contentRoutes } from './modules/content/index.js';
import { surveyRoutes } from './modules/surveys/index.js';
import { customersRoutes, hospitalNameOf, hospitalNamesById } from './modules/customers/index.js';
import { referenceRoutes } from './modules/reference/index.js';
import { activityRoutes } from './modules/activity/index.js';
import { marketRoutes } from './modules/market/index.js';
import { intelligenceRoutes } from './modules/intelligence/index.js';
import { downloadsRoutes } from './modules/downloads/index.js';
import { dataCollectionRoutes } from './modules/datacollection/index.js';
import { importsRoutes } from './modules/imports/index.js';
import { setupRoutes } from './modules/setup/index.js';
import { securityHeadersPlugin } from './platform/security-headers.js';
import { registerWebFiles } from './platform/web-files.js';
import { registerLifecycle } from './platform/lifecycle.js';
import { registerMetrics } from './platform/metrics.js';
import { realtimeHub } from './platform/realtime/index.js';

export interface BuildOptions {
  logger?: boolean | object;
  /** The built web client to serve at /, when present. */
  webDist?: string | undefined;
}

/** Builds the whole server; tests call it with `app.inject`, main() with listen. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Only the configured proxies' X-Forwarded-For is believed (TRUST_PROXY); by default none, so
    // request.ip (every per-address limit, every recorded address) is the connection's own.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // A body with __proto__ or constructor.prototype is refused (SECURITY.md 15.3.6).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: frameworkError,
    // While closing, requests are refused by the lifecycle's hook, in the user's language (platform/lifecycle.ts).
    return503OnClosing: false,
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(i18nPlugin);
  await app.register(securityHeadersPlugin, { config: ctx.config });
  // Same-origin by default (no CORS headers at all); other origins only by allow-list (CORS_ORIGINS).
  if (ctx.config.corsOrigins.length > 0) await app.register(cors, { origin: ctx.config.corsOrigins, credentials: false });
  await app.register(rateLimit, { global: false });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: { info: { title: 'Field Portal API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(envelopePlugin);
  await app.register(requestStampPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin);
  // Their hooks see every route registered after them: requests counted and timed, readiness.
  const metrics = await registerMetrics(app);
  await registerLifecycle(app);

  app.get(
    API.health,
    { config: { public: true, raw: true }, schema: { tags: ['health'], summary: 'Whether the database answers' } },
    async (_request, reply) => {
      try {
        await ctx.database.query('select 1');
        return { status: 'ok', database: ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.database.kind });
      }
    },
  );

  await ctx.authCache.start();
  app.addHook('onClose', () => ctx.authCache.stop());
  await app.register(authRoutes, { accounts: signInAccounts });
  await app.register(systemRoutes);
  await app.register(cardRoutes, { mayReadFile: canReadCardFile });
  await app.register(pushRoutes);
  await app.register(messagingRoutes);
  await app.register(feedRoutes);
  await app.register(analyticsRoutes);
  await app.register(adminRoutes, { hospitalNames: hospitalNamesById, hospitalName: hospitalNameOf });
  await app.register(accessTokenRoutes, { accounts: signInAccounts });
  await app.register(appCentreRoutes);
  await app.register(homeRoutes);
  await app.register(referenceRoutes);
  await app.register(meetingRoutes);
  await app.register(contentRoutes);
  await app.register(surveyRoutes);
  await app.register(customersRoutes);
  await app.register(activityRoutes);
  await app.register(marketRoutes);
  await app.register(intelligenceRoutes);
  await app.register(downloadsRoutes);
  await app.register(dataCollectionRoutes);
  await app.register(importsRoutes);
  await app.register(setupRoutes);
  if (metrics) {
    const hub = realtimeHub(ctx);
    metrics.watchStomp(() => ({ connections: hub.size, sessions: hub.sessions, frames: hub.frames }));
  }

  const webDist = options.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    await registerWebFiles(app, webDist);
  }
  return app;
}
