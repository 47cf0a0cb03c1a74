/** The public face of sign-in: all another area may import of it (docs/decisions/0048). */
export { signIn } from './api/sign-in';
export { useCredentials, type Credentials } from './hooks/use-credentials';
export { useIdentityServer } from './hooks/use-identity-server';
