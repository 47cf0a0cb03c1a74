import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { FullPageSpin } from '@/components/FullPageSpin';
import { describeFailure } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { LOGIN_PATH, safeRedirect } from '@/lib/paths';
import { forgetUserData } from '@/lib/query-client';
import { clearLocalSession } from '@/lib/session/local-session';
import { browserEnvironment, callbackAddress, PHONE_PAGE, takePendingSignIn } from '@/lib/session/sso';
import { saveTokens } from '@/lib/session/tokens';
import { ssoSignIn } from '../api/sso-sign-in';
import { withAntd } from '@/lib/providers/antd-providers';

/** Longest provider error text shown; it arrives in the URL and is shown as plain text only. */
const MAX_PROVIDER_TEXT = 200;

/**
 * /authredirect: the identity provider sends the browser back here (spec 001 sections 2.1 and 4).
 * The state names the sign-in this browser started; the server redeems the code with the PKCE
 * verifier and checks the nonce, and the user goes on to the page they wanted.
 */
function AuthRedirectScreen() {
  const { t, msg, lang } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  // A pending sign-in is used up when read: the work runs once even where React runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const env = browserEnvironment();
    const goOn = (returnPath: string) => {
      if (returnPath === PHONE_PAGE) window.location.replace(PHONE_PAGE);
      else void navigate(safeRedirect(returnPath), { replace: true });
    };
    const state = params.get('state') ?? '';
    const pending = state ? takePendingSignIn(state, env) : undefined;
    const error = params.get('error');
    if (error) {
      // An expired authentication starts the sign-in again (spec 001 section 4); other errors are shown.
      if (error === 'authentication_expired' && pending) goOn(pending.returnPath);
      else setProblem((params.get('error_description') || error).slice(0, MAX_PROVIDER_TEXT));
      return;
    }
    if (!pending) {
      setProblem(msg('sso.stateUnknown'));
      return;
    }
    ssoSignIn({ callbackUrl: `${callbackAddress(env.origin)}?${params.toString()}`, state, nonce: pending.nonce, codeVerifier: pending.codeVerifier })
      .then((tokens) => {
        saveTokens(localStorage, tokens, Date.now());
        forgetUserData();
        goOn(pending.returnPath);
      })
      .catch((failure: unknown) => {
        // Whatever was stored before goes: an invalid nonce clears the token (spec 001 section 4).
        clearLocalSession();
        setProblem(describeFailure(failure, lang));
      });
  }, [params, navigate, msg, lang]);

  if (!problem) return <FullPageSpin label="sso.signingIn" />;
  return (
    <div className="fp-fullpage-center">
      <Result
        status="error"
        title={t('sso.failedTitle')}
        subTitle={problem}
        extra={
          <Button type="primary" onClick={() => void navigate(LOGIN_PATH, { replace: true })}>
            {t('sso.again')}
          </Button>
        }
      />
    </div>
  );
}

export const AuthRedirectPage = withAntd(AuthRedirectScreen);
