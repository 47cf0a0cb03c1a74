import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataUseNotice } from '@/components/DataUseNotice';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { SvgIcon } from '@/components/SvgIcon';
import { TenantFooter } from '@/components/TenantFooter';
import { forgetUserData } from '@/lib/query-client';
import { describeFailure } from '@/lib/http';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { safeRedirect } from '@/lib/paths';
import { tenantInfoQuery } from '@/lib/session/queries';
import { saveTokens } from '@/lib/session/tokens';
import { fetchConsoleAhead } from '@/lib/console-ahead';
import { signIn } from '../api/sign-in';
import { useCredentials } from '../hooks/use-credentials';
import { useIdentityServer } from '../hooks/use-identity-server';
import { LanguageToggle } from '@/lib/i18n/LanguageToggle';
import { ErrorAlert, PasswordField, TextField } from '../components/plain';
import './login.css';

/** Fetches the console's layout (and antd with it) when the browser is idle; none of it renders here. */
function prefetchConsole(): () => void {
  const load = fetchConsoleAhead;
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(load, 2000);
  return () => window.clearTimeout(timer);
}

/** A few of the advertised functions (spec 001 section 1) beside the form. */
const BRAND_POINTS: LabelKey[] = ['home.functions.doctor360', 'home.functions.opinion', 'home.functions.kol', 'home.covers.cards'];

export function LoginPage() {
  const { t, msg, lang } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tenant = useQuery(tenantInfoQuery(window.location.hostname));
  const sso = useIdentityServer(safeRedirect(params.get('redirect')));
  const [failure, setFailure] = useState<unknown>(null);

  // No page of the previous session is mounted here: forget its data.
  useEffect(() => forgetUserData(), []);
  // The console behind the sign-in (antd, the layout) is fetched once the page has painted and the
  // browser is idle, so signing in is quick, without counting in this page's first load.
  useEffect(() => prefetchConsole(), []);

  const login = useMutation({
    mutationFn: signIn,
    onMutate: () => setFailure(null),
    onSuccess: (tokens) => {
      saveTokens(localStorage, tokens, Date.now());
      forgetUserData();
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: setFailure,
  });
  // A plain form, as the page's controls are plain: antd on this page misses its time goal (docs/decisions/0055).
  const { values, problems, change, submit } = useCredentials((credentials) => {
    if (!login.isPending) login.mutate(credentials);
  });
  const pending = login.isPending;

  return (
    <div className="fp-login">
      <section className="fp-login-brand">
        <div className="fp-login-brand-inner">
          <div className="fp-login-logo">FP</div>
          <h1>{t('app.name')}</h1>
          <p className="fp-login-tagline">{t('app.tagline')}</p>
          <p className="fp-login-line">{t('login.brandLine')}</p>
          <ul className="fp-login-points">
            {BRAND_POINTS.map((key) => (
              <li key={key}>
                <SvgIcon icon={CheckCircleFilled} /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="fp-login-panel">
        <div className="fp-login-lang">
          <LanguageToggle className="fp-segmented" />
        </div>
        <div className="fp-login-card">
          <h2>{t('login.title')}</h2>
          <p className="fp-login-sub">{tenant.data?.enterpriseName || t('login.subtitle')}</p>
          {sso.problem ? <ErrorAlert>{sso.problem}</ErrorAlert> : null}
          {sso.server ? (
            <>
              <button type="button" className="fp-btn is-primary is-large is-block" onClick={() => void sso.signIn()}>
                <SvgIcon icon={SafetyCertificateOutlined} />
                <span>{t('login.sso')}</span>
              </button>
              <div className="fp-divider" role="separator">
                <span>{t('login.orPassword')}</span>
              </div>
            </>
          ) : null}
          {failure ? <ErrorAlert>{describeFailure(failure, lang)}</ErrorAlert> : null}
          <form className="fp-login-form" noValidate onSubmit={submit}>
            <div className="fp-login-field">
              <label htmlFor="fp-login-username">{t('login.username')}</label>
              <TextField
                id="fp-login-username"
                name="username"
                prefix={<SvgIcon icon={UserOutlined} />}
                autoComplete="username"
                autoFocus
                disabled={pending}
                value={values.username}
                invalid={problems.username ?? false}
                aria-invalid={problems.username ?? false}
                aria-describedby={problems.username ? 'fp-login-username-problem' : undefined}
                onChange={(event) => change('username', event.target.value)}
              />
              {problems.username ? (
                <p className="fp-login-problem" id="fp-login-username-problem" role="alert">
                  {msg('login.usernameRequired')}
                </p>
              ) : null}
            </div>
            <div className="fp-login-field">
              <label htmlFor="fp-login-password">{t('login.password')}</label>
              <PasswordField
                id="fp-login-password"
                name="password"
                prefix={<SvgIcon icon={LockOutlined} />}
                autoComplete="current-password"
                disabled={pending}
                value={values.password}
                invalid={problems.password ?? false}
                aria-invalid={problems.password ?? false}
                aria-describedby={problems.password ? 'fp-login-password-problem' : undefined}
                onChange={(event) => change('password', event.target.value)}
              />
              {problems.password ? (
                <p className="fp-login-problem" id="fp-login-password-problem" role="alert">
                  {msg('login.passwordRequired')}
                </p>
              ) : null}
            </div>
            <button type="submit" className={`fp-btn is-large is-block${sso.server ? '' : ' is-primary'}${pending ? ' is-loading' : ''}`} aria-busy={pending}>
              {pending ? <span className="fp-spinner" aria-hidden="true" /> : null}
              <span>{t('login.submit')}</span>
            </button>
          </form>
          <div className="fp-login-notice">
            <DataUseNotice />
          </div>
        </div>
        <TenantFooter className="fp-login-footer" />
      </section>
    </div>
  );
}
