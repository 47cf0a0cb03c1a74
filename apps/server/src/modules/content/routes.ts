import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  articleIdQuery,
  articleIdRequest,
  articleListQuery,
  articleManageQuery,
  broadcastQuery,
  CONTENT_LIMITS,
  contentCoverUrl,
  coverParams,
  openArticleRequest,
  recommendArticleRequest,
  saveArticleRequest,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { jpegOrPng, keepUpload, receiveUpload } from '../../platform/files/index.js';
import {
  articleForEdit,
  articleReaders,
  broadcastTitle,
  coverFile,
  deleteArticle,
  listArticles,
  manageArticles,
  openArticle,
  recommendArticle,
  saveArticle,
  type ContentDeps,
} from './service.js';

/**
 * Who authors articles: the content operators, who hold the push screen (seed/menus.ts:
 * recommend → NewRecommend). Reading needs only a sign-in (docs/decisions/0020).
 */
export const CONTENT_AUTHORITY = 'recommend:NewRecommend';

const tags = ['content'];
const P = API.content;

/** The content centre, news and information dynamics (spec 001 sections 1, 2.3, 2.4 and 4). */
export async function contentRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: CONTENT_LIMITS.coverMaxBytes + 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ContentDeps => ({ db: app.ctx.database.db, files: app.ctx.files, now: app.ctx.now });
  const manage = { authority: CONTENT_AUTHORITY };

  r.get(P.articleList, {
    schema: { tags, summary: 'Published articles of a channel, newest first, each with whether the caller has read it', querystring: articleListQuery },
    handler: async (request) => listArticles(deps(), currentUser(request), request.query),
  });

  r.post(P.openArticle, {
    schema: { tags, summary: "Open a published article by id or title and count the caller's read (first read kept)", body: openArticleRequest },
    handler: async (request) => {
      const { id, title } = request.body;
      return openArticle(deps(), currentUser(request), id !== undefined ? { id } : { title: title ?? '' });
    },
  });

  r.get(P.broadcast, {
    schema: { tags, summary: "The newest published title of a department's dynamics (the top bar's broadcast title)", querystring: broadcastQuery },
    handler: async (request) => broadcastTitle(deps(), request.query.department),
  });

  r.get(P.cover, {
    config: { raw: true },
    schema: { tags, summary: 'A cover image', params: coverParams },
    handler: async (request, reply) => {
      const file = await coverFile(deps(), request.params.fileId);
      const stored = file ? await app.ctx.files.open(file.storageKey) : undefined;
      if (!file || !stored) throw new AppError(404, 'content.coverMissing');
      return reply.header('content-type', file.mime).header('content-length', stored.size).header('x-content-type-options', 'nosniff').send(stored.stream);
    },
  });

  r.get(P.articleManageList, {
    config: manage,
    schema: { tags, summary: 'Every article, drafts included, last changed first', querystring: articleManageQuery },
    handler: async (request) => manageArticles(deps(), currentUser(request), request.query),
  });

  r.get(P.articleForEdit, {
    config: manage,
    schema: { tags, summary: 'One article (any status) for editing', querystring: articleIdQuery },
    handler: async (request) => articleForEdit(deps(), currentUser(request), request.query.id),
  });

  r.post(P.saveArticle, {
    config: manage,
    bodyLimit: 2 * CONTENT_LIMITS.bodyMax + 64 * 1024,
    schema: {
      tags,
      summary: 'Create (no id) or change an article; the body is sanitised on the server (no script, no event handlers, only http/https links)',
      body: saveArticleRequest,
    },
    handler: async (request) => saveArticle(deps(), currentUser(request), request.body),
  });

  r.post(P.deleteArticle, {
    config: manage,
    schema: { tags, summary: 'Delete an article and its reads', body: articleIdRequest },
    handler: async (request) => {
      await deleteArticle(deps(), request.body.id);
      return {};
    },
  });

  r.post(P.recommendArticle, {
    config: manage,
    schema: { tags, summary: 'Set the recommend state: recommend, jointRecommend, notRecommend, stopUsing, other, or none', body: recommendArticleRequest },
    handler: async (request) => recommendArticle(deps(), currentUser(request), request.body.id, request.body.recommendState),
  });

  r.get(P.articleReads, {
    config: manage,
    schema: { tags, summary: 'Who read an article: first and last read and how often', querystring: articleIdQuery },
    handler: async (request) => articleReaders(deps(), request.query.id),
  });

  r.post(P.uploadCover, {
    config: manage,
    schema: { tags, summary: 'Upload a cover: one JPG or PNG (2 MB) checked by its bytes; answers {coverId, coverUrl}', consumes: ['multipart/form-data'] },
    handler: async (request) => {
      const tooLarge = () => new AppError(413, 'content.coverTooLarge', { field: 'file' }, 'file');
      const { file } = await receiveUpload(request, app.ctx.files, {
        area: 'content',
        fields: z.strictObject({}),
        parserMaxBytes: CONTENT_LIMITS.coverMaxBytes,
        tooLarge,
        file: () => ({
          maxBytes: CONTENT_LIMITS.coverMaxBytes,
          tooLarge,
          checkType: jpegOrPng(() => new AppError(415, 'content.coverType', { field: 'file' }, 'file')),
        }),
        limits: { parts: 5, fieldNameSize: 32 },
      });
      const id = file!.id;
      await keepUpload(app.ctx.database.db, app.ctx.files, file!, currentUser(request), new Date(app.ctx.now()), async () => undefined);
      return { coverId: id, coverUrl: contentCoverUrl(id) };
    },
  });
}
