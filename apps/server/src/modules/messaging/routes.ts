import type { FastifyInstance } from 'fastify';

/** Routes of real-time notices and messaging. */
export async function messagingRoutes(app: FastifyInstance) {
  void app;
}
