/** Sign-in's public face for other modules: a session started for an account (the first start's administrator). */
export { startSession, type AuthDeps } from './service.js';
/** Ending a user's sessions inside the administration's own transaction (disable, password reset, a full list); whether a session is live, inside another area's statement. */
export { endSessionsOf, isLiveSession } from './end-sessions.js';
export { authRoutes } from './routes.js';
/** What sign-in asks of the accounts admin owns; the wiring hands admin's answers in (docs/decisions/0066). */
export type { AccountsDoor, SignInAccount, SsoAccountValues } from './accounts.js';
export { ssoClient } from './sso.js';
/** Personal access tokens of service accounts (docs/decisions/0050). */
export { accessTokenRoutes } from './access-token-routes.js';
