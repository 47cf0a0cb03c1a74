import type { FastifyRequest } from 'fastify';
import { APPS_LIMITS, appFileUrl, type UploadedAppFile } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { extensionAgrees } from '../../platform/file-types.js';
import { keepUpload, receiveUpload, storedFile } from '../../platform/files/index.js';
import type { FileStore } from '../../platform/storage.js';

export interface FileDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

const IMAGE_FAMILIES = new Set(['png', 'jpeg', 'gif']);
const imageTooLarge = () => new AppError(413, 'apps.image.tooLarge', { field: 'file' }, 'file');
const imageType = () => new AppError(415, 'apps.image.type', { field: 'file' }, 'file');

/** An image of app management (icon, carousel, opening screen): PNG, JPEG or GIF by its bytes, at most 2 MB. */
export async function receiveAppImage(request: FastifyRequest, deps: FileDeps, user: CurrentUser): Promise<UploadedAppFile> {
  const { file } = await receiveUpload(request, deps.files, {
    area: 'appcentre',
    parserMaxBytes: APPS_LIMITS.imageMaxBytes,
    tooLarge: imageTooLarge,
    file: () => ({
      maxBytes: APPS_LIMITS.imageMaxBytes,
      tooLarge: imageTooLarge,
      checkExtension: (extension) => {
        if (!(APPS_LIMITS.imageExtensions as readonly string[]).includes(extension)) throw imageType();
      },
      checkType: (detected, extension) => {
        if (!detected || !IMAGE_FAMILIES.has(detected.family)) throw imageType();
        if (!extensionAgrees(detected, extension)) throw new AppError(415, 'file.extensionMismatch', { field: 'file' }, 'file');
      },
    }),
  });
  const stored = file!;
  await keepUpload(deps.db, deps.files, stored, user, new Date(deps.now()), async () => undefined);
  return { fileId: stored.id, url: appFileUrl(stored.id), name: stored.name, size: stored.size };
}

export async function openAppFile(deps: Pick<FileDeps, 'db' | 'files'>, fileId: string) {
  const file = await storedFile(deps.db, 'appcentre', fileId);
  if (!file) throw notFound();
  const opened = await deps.files.open(file.storageKey);
  if (!opened) throw notFound();
  return { file, ...opened };
}
