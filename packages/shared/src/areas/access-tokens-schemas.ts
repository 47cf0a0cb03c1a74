import { z } from 'zod';
import { dbId, dbText, isStorableText } from '../schemas/fields.js';
import { ACCESS_TOKEN_GRANTS, ACCESS_TOKEN_LIMITS } from './access-tokens.js';

/** Request schemas of the access tokens (docs/decisions/0050). */

export const accessTokenCreateRequest = z.strictObject({
  name: z
    .string({ message: 'accessTokens.name.required' })
    .trim()
    .min(1, 'accessTokens.name.required')
    .max(ACCESS_TOKEN_LIMITS.nameMax, 'accessTokens.name.tooLong')
    .refine(isStorableText, { message: 'field.unstorable' }),
  userId: dbId.optional().refine((v) => v !== undefined, 'accessTokens.user.required'),
  grants: z
    .array(z.enum(ACCESS_TOKEN_GRANTS, { message: 'accessTokens.grants.invalid' }))
    .min(1, 'accessTokens.grants.required')
    .max(ACCESS_TOKEN_GRANTS.length, 'accessTokens.grants.invalid')
    .default([...ACCESS_TOKEN_GRANTS]),
  /** ISO date and time with its offset; absent or null: never expires. */
  expiresAt: z.iso.datetime({ offset: true, message: 'accessTokens.expiresAt.invalid' }).nullable().default(null),
});
export type AccessTokenCreateRequest = z.input<typeof accessTokenCreateRequest>;

export const accessTokenUsersQuery = z.strictObject({ keyword: dbText(64).default('') });
