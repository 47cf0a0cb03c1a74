import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbIdParam, MEETING_LIMITS, meetingPosterUrl } from '@field-portal/shared';
import type { CurrentUser } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import { receiveImage } from '../../platform/image-upload.js';
import { teamMeeting, type MeetingDeps } from './service.js';

/**
 * uploadPoster: the form field `meetingId`, then one JPG or PNG (5 MB) checked by its bytes. The
 * new poster replaces the old one, whose file is removed once the row points at the new one.
 */
export async function receivePoster(request: FastifyRequest, deps: MeetingDeps, user: CurrentUser): Promise<{ posterUrl: string }> {
  const upload = await receiveImage(request, deps.files, {
    fields: z.strictObject({ meetingId: dbIdParam }),
    maxBytes: MEETING_LIMITS.posterMaxBytes,
    tooLarge: 'meeting.posterTooLarge',
    wrongType: 'meeting.posterType',
    authorize: async ({ meetingId }) => {
      const meeting = await teamMeeting(deps.db, user, meetingId);
      if (meeting.status === 'closed' || meeting.status === 'cancelled') throw conflict('meeting.notEditable');
    },
  });
  const meetingId = upload.fields.meetingId;
  let previous: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const meeting = await teamMeeting(tx, user, meetingId, { lock: true });
      previous = meeting.poster_key;
      await tx.execute(
        sql`update meetings set poster_key = ${upload.key}, poster_mime = ${upload.mime}, updated_at = ${new Date(deps.now()).toISOString()}::timestamptz where id = ${meetingId}`,
      );
    });
  } catch (error) {
    await deps.files.remove(upload.key);
    throw error;
  }
  if (previous) await deps.files.remove(previous);
  return { posterUrl: meetingPosterUrl(meetingId) };
}
