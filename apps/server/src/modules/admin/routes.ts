import type { FastifyInstance } from 'fastify';

/** Routes of system administration. */
export async function adminRoutes(app: FastifyInstance) {
  void app;
}
