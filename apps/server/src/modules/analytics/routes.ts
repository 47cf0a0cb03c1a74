import type { FastifyInstance } from 'fastify';

/** Routes of report screens and the built-in analytics service. */
export async function analyticsRoutes(app: FastifyInstance) {
  void app;
}
