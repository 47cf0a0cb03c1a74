import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { APPS_LIMITS, appFileUrl, type UploadedAppFile } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { appFiles } from '../../db/schema/index.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { detectFileType, extensionAgrees, extensionOf, SNIFF_BYTES } from '../../platform/file-types.js';
import { readOneFile } from '../../platform/multipart.js';
import { newStorageKey, type FileStore } from '../../platform/storage.js';

export interface FileDeps {
  db: Db;
  files: FileStore;
}

const IMAGE_FAMILIES = new Set(['png', 'jpeg', 'gif']);
const imageTooLarge = () => new AppError(413, 'apps.image.tooLarge', { field: 'file' }, 'file');
const imageType = () => new AppError(415, 'apps.image.type', { field: 'file' }, 'file');

/** An image of app management (icon, carousel, opening screen): PNG, JPEG or GIF by its bytes, at most 2 MB. */
export async function receiveAppImage(request: FastifyRequest, deps: FileDeps, user: CurrentUser): Promise<UploadedAppFile> {
  const { name, bytes } = await readOneFile(request, APPS_LIMITS.imageMaxBytes, imageTooLarge, (n) => {
    if (!(APPS_LIMITS.imageExtensions as readonly string[]).includes(extensionOf(n))) throw imageType();
  });
  const extension = extensionOf(name);
  const detected = detectFileType(bytes.subarray(0, SNIFF_BYTES), extension);
  if (!detected || !IMAGE_FAMILIES.has(detected.family)) throw imageType();
  if (!extensionAgrees(detected, extension)) throw new AppError(415, 'file.extensionMismatch', { field: 'file' }, 'file');
  const id = crypto.randomUUID();
  const key = newStorageKey(id);
  await deps.files.put(
    key,
    (async function* () {
      yield bytes;
    })(),
  );
  try {
    await deps.db.insert(appFiles).values({ id, storageKey: key, name, mime: detected.mime, size: bytes.length, createdBy: user.id });
  } catch (error) {
    await deps.files.remove(key);
    throw error;
  }
  return { fileId: id, url: appFileUrl(id), name, size: bytes.length };
}

export async function openAppFile(deps: FileDeps, fileId: string) {
  const [file] = await deps.db.select().from(appFiles).where(eq(appFiles.id, fileId)).limit(1);
  if (!file) throw notFound();
  const opened = await deps.files.open(file.storageKey);
  if (!opened) throw notFound();
  return { file, ...opened };
}
