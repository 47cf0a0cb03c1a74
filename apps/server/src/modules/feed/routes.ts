import type { FastifyInstance } from 'fastify';

/** Routes of employee card feed. */
export async function feedRoutes(app: FastifyInstance) {
  void app;
}
