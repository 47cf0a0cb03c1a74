import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  chatIdParams,
  chatMessagesQuery,
  chatOpenRequest,
  chatPageQuery,
  chatReadRequest,
  chatSendRequest,
  conversationListQuery,
  todayMessagesQuery,
  unreadCountQuery,
  usernameHeaders,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { registerRealtime } from '../../platform/realtime/index.js';
import {
  assertSelf,
  getMessage,
  listChatMessages,
  listConversations,
  markConversationRead,
  openConversation,
  parseStartTime,
  sendMessage,
  todayMessages,
  unreadCount,
  type MessagingDeps,
} from './service.js';

const tags = ['messaging'];

/**
 * Routes of real-time notices and messaging (spec 001 sections 2.7, 3, 4 and 7.3; docs/decisions/0006).
 * Every signed-in user may chat; the username a call names must be the caller's own.
 */
export async function messagingRoutes(app: FastifyInstance) {
  await registerRealtime(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): MessagingDeps => ({ database: app.ctx.database, now: app.ctx.now });
  const db = () => app.ctx.database.db;
  const P = API.messaging;

  r.get(P.unreadCount, {
    schema: { tags, summary: 'Unread chat messages of the caller; result: number', querystring: unreadCountQuery },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.query.username);
      return unreadCount(db(), user.id);
    },
  });

  r.get(P.conversationList, {
    schema: { tags, summary: 'Conversations of the caller, newest first; result {content, totalElements}', querystring: conversationListQuery },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.query.username);
      return listConversations(db(), user.id, request.query.page, request.query.size);
    },
  });

  r.get(P.todayMessages, {
    schema: { tags, summary: 'Messages the caller received since startTime, newest first; result {content, totalElements}', querystring: todayMessagesQuery },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.query.username);
      return todayMessages(db(), user.id, parseStartTime(request.query.startTime), request.query.page, request.query.size);
    },
  });

  r.get(P.chatList, {
    schema: { tags, summary: 'Chat list (username header); result {content, totalElements}', headers: usernameHeaders, querystring: chatPageQuery },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return listConversations(db(), user.id, request.query.page, request.query.size);
    },
  });

  r.get(P.chatUnreadCount, {
    schema: { tags, summary: 'Unread chat messages (username header); result: number', headers: usernameHeaders },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return unreadCount(db(), user.id);
    },
  });

  r.get(P.chatMessageById, {
    schema: { tags, summary: 'One chat message the caller sent or received (username header)', headers: usernameHeaders, params: chatIdParams },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return getMessage(db(), user.id, request.params.id);
    },
  });

  r.get(P.chatMessages, {
    schema: {
      tags,
      summary: "A conversation's messages, page 0 newest (username header); result {content, totalElements}",
      headers: usernameHeaders,
      querystring: chatMessagesQuery,
    },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return listChatMessages(db(), user.id, request.query.conversationId, request.query.page, request.query.size);
    },
  });

  r.post(P.chatOpen, {
    schema: { tags, summary: 'The conversation with a user, made when there is none (username header)', headers: usernameHeaders, body: chatOpenRequest },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return openConversation(deps(), user, request.body.username);
    },
  });

  r.post(P.chatReadMessage, {
    schema: {
      tags,
      summary: "Marks a conversation's messages to the caller read (username header); result {conversationId, read, unread}",
      headers: usernameHeaders,
      body: chatReadRequest,
    },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return markConversationRead(deps(), user, request.body.conversationId);
    },
  });

  r.post(P.chatSend, {
    schema: {
      tags,
      summary: 'Sends a text message in a conversation (username header); the recipient gets a chat.message notice',
      headers: usernameHeaders,
      params: chatIdParams,
      body: chatSendRequest,
    },
    handler: async (request) => {
      const user = currentUser(request);
      assertSelf(user, request.headers.username);
      return sendMessage(deps(), user, request.params.id, request.body.text);
    },
  });
}
