import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for tests (oidc-provider, with its development sign-in pages):
 * the server's API tests drive it with fetch, the browser journeys click through its pages.
 * Any login name with any password signs in as the account of that name.
 */

export interface TestAccount {
  sub: string;
  preferred_username?: string;
  name?: string;
  given_name?: string;
  email?: string;
  /** Realm roles, sent as Keycloak does (realm_access.roles). */
  roles?: string[];
}

export interface IdentityProviderOptions {
  port?: number;
  clientId: string;
  /** Where the provider may send the browser back after a sign-in, and after a logout. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  accounts: TestAccount[];
}

export interface IdentityProvider {
  issuer: string;
  close(): Promise<void>;
  /**
   * Walks the provider's pages for an authorization URL as a browser would (sign-in form, then
   * consent) and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, login: string): Promise<string>;
}

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  // Until the provider is ready (it needs the port for its issuer), a request is told to come back.
  let handle: http.RequestListener = (_request, response) => void response.writeHead(503, { 'retry-after': '1' }).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // The name, e-mail and realm roles go into the ID token itself, as Keycloak sends them.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'preferred_username', 'realm_access'], email: ['email'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => {
          const { roles, ...claims } = account;
          return { ...claims, realm_access: { roles: roles ?? [] } };
        },
      };
    },
  });
  handle = provider.callback();

  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async signIn(authorizationUrl, login) {
      const cookies = new Map<string, string>();
      const call = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(new URL(url, issuer), {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return res;
      };
      let res = await call(authorizationUrl);
      for (let step = 0; step < 10; step++) {
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without sending the browser on: ${await res.text()}`);
        const next = new URL(location, issuer);
        if (next.origin !== issuer) return next.href;
        const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
        if (!interaction) {
          res = await call(next.href);
          continue;
        }
        const page = await (await call(next.href)).text();
        const prompt: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
        res = await call(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(prompt).toString(),
        });
      }
      throw new Error('the provider did not send the browser back');
    },
  };
}

/** Run on its own (the browser journeys): PORT, CLIENT_ID, PORTAL_ORIGIN, and two accounts: sign in as employee-7001 or employee-7002. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portal = process.env.PORTAL_ORIGIN ?? 'http://localhost:8080';
  const idp = await startIdentityProvider({
    port: Number(process.env.PORT ?? 8183),
    clientId: process.env.CLIENT_ID ?? 'field-portal',
    redirectUris: [`${portal}/authredirect`],
    postLogoutRedirectUris: [`${portal}/logout`],
    accounts: [
      {
        sub: 'employee-7001',
        preferred_username: 'sso.rep',
        name: '单点 代表',
        given_name: '单点代表',
        email: 'sso.rep@fieldportal.example',
        roles: ['Sales'],
      },
      {
        sub: 'employee-7002',
        preferred_username: 'sso.operator',
        name: '单点 运营',
        given_name: '单点运营',
        email: 'sso.operator@fieldportal.example',
        roles: ['card manager'],
      },
    ],
  });
  process.stdout.write(`Test identity provider at ${idp.issuer}\n`);
  process.once('SIGTERM', () => void idp.close().then(() => process.exit(0)));
}
