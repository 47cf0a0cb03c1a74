import type { FastifyInstance } from 'fastify';

/** Routes of app management and data management. */
export async function appsRoutes(app: FastifyInstance) {
  void app;
}
