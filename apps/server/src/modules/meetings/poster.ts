import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbIdParam, MEETING_LIMITS, meetingPosterUrl } from '@field-portal/shared';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, conflict } from '../../platform/errors.js';
import { forgetFileByKey, jpegOrPng, keepUpload, receiveUpload } from '../../platform/files/index.js';
import { teamMeeting, type MeetingDeps } from './service.js';

/**
 * uploadPoster: the form field `meetingId`, then one JPG or PNG (5 MB) checked by its bytes. The
 * new poster replaces the old one, whose file is removed once the row points at the new one.
 */
export async function receivePoster(request: FastifyRequest, deps: MeetingDeps, user: CurrentUser): Promise<{ posterUrl: string }> {
  const tooLarge = () => new AppError(413, 'meeting.posterTooLarge', { field: 'file' }, 'file');
  const { fields, file } = await receiveUpload(request, deps.files, {
    area: 'meetings',
    fields: z.strictObject({ meetingId: dbIdParam }),
    parserMaxBytes: MEETING_LIMITS.posterMaxBytes,
    tooLarge,
    authorize: async ({ meetingId }) => {
      const meeting = await teamMeeting(deps.db, user, meetingId);
      if (meeting.status === 'closed' || meeting.status === 'cancelled') throw conflict('meeting.notEditable');
    },
    file: () => ({
      maxBytes: MEETING_LIMITS.posterMaxBytes,
      tooLarge,
      checkType: jpegOrPng(() => new AppError(415, 'meeting.posterType', { field: 'file' }, 'file')),
    }),
    limits: { parts: 5, fieldNameSize: 32 },
  });
  const upload = file!;
  const { meetingId } = fields;
  const previous = await keepUpload(deps.db, deps.files, upload, user, new Date(deps.now()), async (tx) => {
    const meeting = await teamMeeting(tx, user, meetingId, { lock: true });
    await tx.execute(
      sql`update meetings set poster_key = ${upload.key}, poster_mime = ${upload.mime}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${meetingId}`,
    );
    if (meeting.poster_key) await forgetFileByKey(tx, 'meetings', meeting.poster_key);
    return meeting.poster_key;
  });
  if (previous) await deps.files.remove(previous);
  return { posterUrl: meetingPosterUrl(meetingId) };
}
