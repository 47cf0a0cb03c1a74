import { z } from 'zod';
import { SSO_LIMITS } from './sso.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

/** Unreserved characters of RFC 7636, 43 to 128 of them. */
const pkceVerifier = z
  .string()
  .min(43)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/);
const randomValue = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/);

/** POST signIn: the callback URL as the provider called it (with its query), and what the browser kept. */
export const ssoSignInRequest = z.strictObject({
  callbackUrl: z.url({ protocol: /^https?$/ }).max(SSO_LIMITS.callbackUrlMax),
  state: randomValue,
  nonce: randomValue,
  codeVerifier: pkceVerifier,
});
export type SsoSignInRequest = z.infer<typeof ssoSignInRequest>;
