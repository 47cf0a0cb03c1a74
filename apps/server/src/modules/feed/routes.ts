import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, feedQuery, openCardRequest, type FeedUnread } from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { CardOpens } from './open-batch.js';
import { feedPage, unreadCount, wwidOfUser, type FeedDeps } from './service.js';

const tags = ['feed'];
/** Calls of feed_open_cards at once on PostgreSQL (the pool holds 10 connections by default). */
const OPEN_CALLS_AT_ONCE = 3;

/**
 * The employee feed (docs/decisions/0007): any signed-in user sees the cards delivered to
 * their own wwid (users.employee_no), and nothing else; no menu authority is needed.
 */
export async function feedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): FeedDeps => ({ db: app.ctx.database.db, now: app.ctx.now });
  // PostgreSQL: a few batches of opens at once, each on a pooled connection; PGlite has one.
  const opens = new CardOpens(app.ctx.database.db, app.ctx.now, app.ctx.database.kind === 'postgres' ? OPEN_CALLS_AT_ONCE : 1);

  r.get(API.feed.cards, {
    schema: {
      tags,
      summary:
        "The caller's cards: pinned (at most three, newest pin first) on the first page, then newest delivery first; data {pinned, items, nextCursor, unread}",
      querystring: feedQuery,
    },
    handler: async (request) => feedPage(deps(), currentUser(request), request.query),
  });

  r.get(API.feed.unreadCount, {
    schema: { tags, summary: "How many of the caller's cards are unread; data {unread}", querystring: z.strictObject({}) },
    handler: async (request): Promise<FeedUnread> => {
      const db = app.ctx.database.db;
      return { unread: await unreadCount(db, await wwidOfUser(db, currentUser(request))) };
    },
  });

  r.post(API.feed.openCard, {
    schema: {
      tags,
      summary: 'Open a card delivered to the caller: the first open time is recorded once (404 when not delivered to them); data {item, firstOpen, unread}',
      body: openCardRequest,
    },
    handler: async (request) => opens.open(currentUser(request).id, request.body.cardId),
  });

  // The phone page is the built web's m/index.html, served at /m/ with the rest of the web.
  app.get('/m', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/m/', 301));
}
