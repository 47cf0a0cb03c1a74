import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { SvgIcon } from '@/components/SvgIcon';
import { signIn, useCredentials, useIdentityServer } from '@/features/auth';
import { describeFailure } from '@/lib/http';
import { useFeedWords } from '@/features/feed/i18n';
import { forgetUserData } from '@/lib/query-client';
import { PHONE_PAGE } from '@/lib/session/sso';
import { saveTokens } from '@/lib/session/tokens';
import { LanguageToggle } from '@/lib/i18n/LanguageToggle';
import { Spinner } from './ui';

/** Sign-in on the phone: the console's login call and token storage, laid out for a narrow screen. */
export function MobileLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, msg, lang } = useFeedWords();
  const [failure, setFailure] = useState<unknown>(null);
  const sso = useIdentityServer(PHONE_PAGE);
  const login = useMutation({
    mutationFn: signIn,
    onMutate: () => setFailure(null),
    onSuccess: (tokens) => {
      saveTokens(localStorage, tokens, Date.now());
      forgetUserData();
      onSignedIn();
    },
    onError: setFailure,
  });
  const { values, problems, change, submit } = useCredentials((credentials) => {
    if (!login.isPending) login.mutate(credentials);
  });
  const pending = login.isPending;
  return (
    <main className="fp-m-login">
      <div className="fp-m-login-lang">
        <LanguageToggle className="fp-m-segmented" />
      </div>
      <div className="fp-m-login-brand">
        <div className="fp-m-logo">FP</div>
        <h1>{t('app.name')}</h1>
        <p>{t('feed.signInTitle')}</p>
      </div>
      <section className="fp-m-login-card">
        {sso.problem ? (
          <div className="fp-m-alert fp-m-login-alert" role="alert">
            {sso.problem}
          </div>
        ) : null}
        {sso.server ? (
          <>
            <button type="button" className="fp-m-btn is-primary is-block is-large" onClick={() => void sso.signIn()}>
              <SvgIcon icon={SafetyCertificateOutlined} />
              <span>{t('login.sso')}</span>
            </button>
            <div className="fp-m-divider" role="separator">
              <span>{t('login.orPassword')}</span>
            </div>
          </>
        ) : null}
        {failure ? (
          <div className="fp-m-alert fp-m-login-alert" role="alert">
            {describeFailure(failure, lang)}
          </div>
        ) : null}
        <form className="fp-m-form" noValidate onSubmit={submit}>
          <div className="fp-m-field">
            <label htmlFor="fp-m-username">{t('login.username')}</label>
            <span className={`fp-m-input${problems.username ? ' is-wrong' : ''}`}>
              <SvgIcon icon={UserOutlined} />
              <input
                id="fp-m-username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                disabled={pending}
                value={values.username}
                aria-invalid={problems.username ?? false}
                aria-describedby={problems.username ? 'fp-m-username-problem' : undefined}
                onChange={(event) => change('username', event.target.value)}
              />
            </span>
            {problems.username ? (
              <p className="fp-m-field-problem" id="fp-m-username-problem" role="alert">
                {msg('login.usernameRequired')}
              </p>
            ) : null}
          </div>
          <div className="fp-m-field">
            <label htmlFor="fp-m-password">{t('login.password')}</label>
            <span className={`fp-m-input${problems.password ? ' is-wrong' : ''}`}>
              <SvgIcon icon={LockOutlined} />
              <input
                id="fp-m-password"
                name="password"
                type="password"
                autoComplete="current-password"
                disabled={pending}
                value={values.password}
                aria-invalid={problems.password ?? false}
                aria-describedby={problems.password ? 'fp-m-password-problem' : undefined}
                onChange={(event) => change('password', event.target.value)}
              />
            </span>
            {problems.password ? (
              <p className="fp-m-field-problem" id="fp-m-password-problem" role="alert">
                {msg('login.passwordRequired')}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`fp-m-btn is-block is-large${sso.server ? '' : ' is-primary'}`} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            <span>{t('login.submit')}</span>
          </button>
        </form>
      </section>
    </main>
  );
}
