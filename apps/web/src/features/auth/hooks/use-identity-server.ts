import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/lib/i18n';
import { loginTypeQuery } from '@/lib/session/queries';
import { goToIdentityServer, NoWebCryptoError } from '@/lib/session/sso';

/**
 * The configured identity server, if any, and the way to sign in there (the login page and the
 * phone's sign-in offer it beside the password form). `returnPath` is opened once signed in.
 */
export function useIdentityServer(returnPath: string) {
  const { msg } = useI18n();
  const server = useQuery(loginTypeQuery(window.location.hostname)).data?.[0];
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = async () => {
    if (!server) return;
    setProblem(null);
    try {
      await goToIdentityServer(server, returnPath);
    } catch (error) {
      setProblem(msg(error instanceof NoWebCryptoError ? 'sso.noWebCrypto' : 'sso.failed'));
    }
  };
  return { server, signIn, problem };
}
