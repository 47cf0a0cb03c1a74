import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * How the built web is sent (docs/decisions/0016). The build writes every file's brotli and gzip
 * copies beside it; the one the browser accepts is sent as it is. Files under assets/ carry a hash
 * of their content in their name, so a browser keeps them for a year without asking again; the
 * entry pages (index.html, m/, the share page) name those files and are asked again each time
 * (`no-cache`), answered 304 from their ETag when unchanged.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** Vite puts only content-hashed files under assets/. */
export function isHashedAsset(relativePath: string): boolean {
  return relativePath.split(path.sep).join('/').startsWith('assets/');
}

export async function registerWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // Directory pages (/, /m/) are sent by sendEntryPage below: the plugin's precompressed index
    // lookup answers 404 to a browser that accepts compression.
    index: false,
    // The compressed copies are found beside each file, not served under names of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, file) => {
      const relative = path.relative(root, file).replace(/\.(br|gz)$/, '');
      reply.header('cache-control', isHashedAsset(relative) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
    },
  });
  for (const page of entryPagesOf(root)) {
    const url = `/${path.dirname(page).split(path.sep).join('/')}/`.replace(/^\/\.\/$/, '/');
    app.get(url, { schema: { hide: true } }, async (request, reply) => sendEntryPage(request, reply, path.join(root, page)));
  }
}

/** The index.html files of the build (the console's, the phone page's, the share page's), relative to it. */
function entryPagesOf(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'index.html' && !file.split(path.sep).some((part) => part.startsWith('.')))
    .sort();
}

interface EntryPage {
  mtimeMs: number;
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

const entryPages = new Map<string, EntryPage>();

function loadEntryPage(file: string): EntryPage {
  const { mtimeMs } = fs.statSync(file);
  const known = entryPages.get(file);
  if (known && known.mtimeMs === mtimeMs) return known;
  const identity = fs.readFileSync(file);
  const sibling = (ext: string) => (fs.existsSync(`${file}.${ext}`) ? fs.readFileSync(`${file}.${ext}`) : undefined);
  const page: EntryPage = {
    mtimeMs,
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    bodies: { identity, br: sibling('br'), gzip: sibling('gz') },
  };
  entryPages.set(file, page);
  return page;
}

/** The encoding to send: brotli, then gzip, when the request accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | undefined, available: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

/**
 * Sends an entry page served by a route of its own (the analytics share page) the way the static
 * files are sent: compressed as accepted, `no-cache` with an ETag, 304 when the browser has it.
 */
export function sendEntryPage(request: FastifyRequest, reply: FastifyReply, file: string): FastifyReply {
  const page = loadEntryPage(file);
  reply.header('cache-control', CACHE_REVALIDATE).header('etag', page.etag).header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) return reply.status(304).send();
  const encoding = acceptedEncoding(request.headers['accept-encoding'], page.bodies);
  reply.type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.bodies.identity);
  return reply.header('content-encoding', encoding).send(page.bodies[encoding]);
}
