import { z } from 'zod';
import { PASSWORD } from '../constants.js';
import { dbText } from '../schemas/fields.js';
import { USERNAME_PATTERN } from './admin.js';
import { SETUP_LIMITS, type SETUP_MESSAGES } from './setup.js';

// The setup calls' schemas live apart from setup.ts: its paths and messages are in every page's
// shared code, and these bring zod (docs/decisions/0041).

/** GET status: whether the portal still needs its first administrator, and whether the given link is the live one. */
export const setupStatusQuery = z.strictObject({
  token: z.string().max(SETUP_LIMITS.tokenMax).optional(),
});

const requiredText = (max: number, required: keyof typeof SETUP_MESSAGES, length: keyof typeof SETUP_MESSAGES) =>
  z
    .string(required)
    .pipe(dbText(max + 1))
    .pipe(z.string().min(1, required).max(max, length));

/** POST setup: the company's name and the first administrator; answers the administrator's tokens (signed in). */
export const setupRequest = z
  .strictObject({
    token: z.string('setup.linkInvalid').min(1, 'setup.linkInvalid').max(SETUP_LIMITS.tokenMax, 'setup.linkInvalid'),
    companyName: requiredText(SETUP_LIMITS.companyNameMax, 'setup.companyNameRequired', 'setup.companyNameLength'),
    username: requiredText(SETUP_LIMITS.usernameMax, 'setup.usernameRequired', 'setup.usernameLength').pipe(
      z.string().regex(USERNAME_PATTERN, 'setup.usernameFormat'),
    ),
    displayName: requiredText(SETUP_LIMITS.displayNameMax, 'setup.displayNameRequired', 'setup.displayNameLength'),
    email: requiredText(SETUP_LIMITS.emailMax, 'setup.emailRequired', 'setup.emailInvalid').pipe(z.email('setup.emailInvalid')),
    password: z.string('setup.passwordRequired').min(1, 'setup.passwordRequired').min(PASSWORD.min, 'password.length').max(PASSWORD.max, 'password.length'),
    confirmPassword: z.string('password.mismatch').max(PASSWORD.max * 2, 'password.mismatch'),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' });
  });
export type SetupRequest = z.input<typeof setupRequest>;
