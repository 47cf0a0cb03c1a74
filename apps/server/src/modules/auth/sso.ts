import * as oidc from 'openid-client';
import { and, eq } from 'drizzle-orm';
import { SSO_LIMITS, SSO_RETURN_PATHS, type LoginTypeItem, type SsoSignInRequest, type TokenResponse } from '@field-portal/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { userIdentities } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { AccountsDoor } from './accounts.js';
import { startSession, type SignInDeps } from './service.js';

type SsoSettings = NonNullable<Config['oidc']>;

/** The ID token's claims the portal reads. */
export interface SsoClaims {
  iss: string;
  sub: string;
  preferred_username?: unknown;
  name?: unknown;
  given_name?: unknown;
  email?: unknown;
  realm_access?: unknown;
  resource_access?: unknown;
}

/**
 * The portal's client of the configured OpenID Connect provider (openid-client). Discovery runs
 * on first use and is kept; when it fails the next use tries again.
 */
export class SsoClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(readonly settings: SsoSettings) {}

  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      // config.ts allows http only for an issuer on this machine.
      const execute = new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
      this.configuration = oidc
        .discovery(new URL(issuer), clientId, clientSecret, clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(), {
          execute,
          timeout: SSO_LIMITS.providerTimeoutSeconds,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw unavailable(error);
        });
    }
    return this.configuration;
  }

  /** The login-type entry (spec 001 section 3) that sends the browser to the provider. */
  async loginType(domain: string): Promise<LoginTypeItem> {
    const metadata = (await this.discover()).serverMetadata();
    return {
      authAddress: metadata.issuer,
      name: 'oidc',
      domain,
      realm: this.settings.realm,
      clientId: this.settings.clientId,
      authorizationEndpoint: metadata.authorization_endpoint ?? '',
    };
  }

  /**
   * Redeems the code of an authorization response with its PKCE verifier, and checks the ID token:
   * signature (the provider's published keys), issuer, audience, expiry and nonce.
   */
  async redeem(request: SsoSignInRequest): Promise<{ claims: SsoClaims; idToken: string }> {
    const callback = new URL(request.callbackUrl);
    if (callback.pathname !== SSO_RETURN_PATHS.callback) throw badRequest('field.invalid', 'callbackUrl');
    const configuration = await this.discover();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw signInError(error);
    }
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new AppError(401, 'sso.failed');
    return { claims: claims as SsoClaims, idToken: tokens.id_token };
  }

  /** The provider's logout page for a session started by single sign-on (spec 001 sections 4 and 7.1). */
  async endSessionUrl(idTokenHint: string, postLogoutRedirectUri: string | undefined): Promise<string | undefined> {
    const configuration = await this.discover().catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = { id_token_hint: idTokenHint, client_id: this.settings.clientId };
    if (postLogoutRedirectUri) parameters.post_logout_redirect_uri = postLogoutRedirectUri;
    return oidc.buildEndSessionUrl(configuration, parameters).href;
  }
}

const clients = new WeakMap<Config, SsoClient>();

/** The provider client of a configuration, if it names a provider; one per configuration, so discovery is shared. */
export function ssoClient(config: Config): SsoClient | undefined {
  if (!config.oidc) return undefined;
  let client = clients.get(config);
  if (!client) clients.set(config, (client = new SsoClient(config.oidc)));
  return client;
}

const unavailable = (cause: unknown) => Object.assign(new AppError(502, 'sso.unavailable'), { cause });

/** The provider could not be reached, the nonce did not match (the web then drops its tokens), or anything else. */
function signInError(error: unknown): AppError {
  if (error instanceof TypeError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) return unavailable(error);
  const cause = error instanceof oidc.ClientError ? (error.cause as { cause?: { claim?: string } } | undefined) : undefined;
  if (cause?.cause?.claim === 'nonce') return Object.assign(new AppError(401, 'sso.nonceInvalid'), { cause: error });
  return Object.assign(new AppError(401, 'sso.failed'), { cause: error });
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** Role names the token grants: the realm's roles and the client's (Keycloak's realm_access and resource_access). */
export function grantedRoleNames(claims: SsoClaims, clientId: string): string[] {
  const names = new Set<string>();
  const add = (list: unknown) => {
    if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') names.add(name);
  };
  add((claims.realm_access as { roles?: unknown } | undefined)?.roles);
  add((claims.resource_access as Record<string, { roles?: unknown }> | undefined)?.[clientId]?.roles);
  return [...names];
}

/**
 * A username for a new account: the provider's preferred username when it is free, else the same
 * qualified by the provider's host, else the subject so qualified. Accounts are never matched by
 * these names (nor by e-mail), only by issuer and subject.
 */
export function usernameCandidates(claims: SsoClaims): string[] {
  const host = new URL(claims.iss).host;
  const preferred = text(claims.preferred_username, 64);
  const candidates = preferred ? [preferred, `${preferred}@${host}`] : [];
  candidates.push(`${claims.sub}@${host}`);
  return candidates.map((name) => name.slice(0, 64));
}

async function freeUsername(accounts: AccountsDoor, tx: Tx, claims: SsoClaims): Promise<string> {
  const candidates = usernameCandidates(claims);
  const taken = await accounts.takenUsernames(tx, candidates);
  const free = candidates.find((name) => !taken.has(name));
  if (!free) throw new AppError(409, 'sso.failed');
  return free;
}

/** The account of an issuer and subject; made on the first sign-in, with the portal roles the token names. */
async function accountFor(accounts: AccountsDoor, tx: Tx, claims: SsoClaims, clientId: string, now: Date) {
  const identity = and(eq(userIdentities.issuer, claims.iss), eq(userIdentities.subject, claims.sub));
  const [known] = await tx.select({ userId: userIdentities.userId }).from(userIdentities).where(identity).limit(1);
  const knownAccount = known && (await accounts.byId(tx, known.userId));
  if (knownAccount) {
    await tx.update(userIdentities).set({ lastSignInAt: now }).where(identity);
    return knownAccount;
  }
  const username = await freeUsername(accounts, tx, claims);
  const name = text(claims.name, 64);
  const created = await accounts.createSsoAccount(
    tx,
    { username, firstName: text(claims.given_name, 64) || name || username, realName: name, email: text(claims.email, 254), at: now },
    grantedRoleNames(claims, clientId),
  );
  await tx.insert(userIdentities).values({ issuer: claims.iss, subject: claims.sub, userId: created.id, createdAt: now, lastSignInAt: now });
  return created;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === UNIQUE_VIOLATION || (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/**
 * Single sign-on: the provider's authorization response becomes a portal session, in one
 * transaction with the account it may create. Two first sign-ins of one person at once: the
 * second finds the account the first made.
 */
export async function ssoSignIn(deps: SignInDeps, client: SsoClient, request: SsoSignInRequest): Promise<TokenResponse> {
  const { claims, idToken } = await client.redeem(request);
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      const now = new Date(deps.now());
      const user = await accountFor(deps.accounts, tx, claims, client.settings.clientId, now);
      if (!user.enabled) throw new AppError(403, 'login.disabled');
      return startSession(deps, tx, user, idToken);
    });
  try {
    return await attempt();
  } catch (error) {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}
