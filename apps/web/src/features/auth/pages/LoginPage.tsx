import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Input } from 'antd';
import { CheckCircleFilled, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { DataUseNotice } from '@/components/DataUseNotice';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { TenantFooter } from '@/components/TenantFooter';
import { forgetUserData } from '@/lib/query-client';
import { describeFailure } from '@/lib/http';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { safeRedirect } from '@/lib/paths';
import { tenantInfoQuery } from '@/lib/session/queries';
import { saveTokens } from '@/lib/session/tokens';
import { signIn } from '../api/sign-in';
import { useCredentials } from '../hooks/use-credentials';
import { useIdentityServer } from '../hooks/use-identity-server';
import './login.css';

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
  // A plain form: antd's Form (and its validation library) would be a good part of this page's download (docs/decisions/0016).
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
                <CheckCircleFilled /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="fp-login-panel">
        <div className="fp-login-lang">
          <LanguageSwitch size="small" />
        </div>
        <div className="fp-login-card">
          <h2>{t('login.title')}</h2>
          <p className="fp-login-sub">{tenant.data?.enterpriseName ?? t('login.subtitle')}</p>
          {sso.problem ? <Alert className="fp-login-alert" type="error" showIcon title={sso.problem} role="alert" /> : null}
          {sso.server ? (
            <>
              <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} onClick={() => void sso.signIn()}>
                {t('login.sso')}
              </Button>
              <Divider plain>
                {t('login.orPassword')}
              </Divider>
            </>
          ) : null}
          {failure ? <Alert className="fp-login-alert" type="error" showIcon title={describeFailure(failure, lang)} role="alert" /> : null}
          <form className="fp-login-form" noValidate onSubmit={submit}>
            <div className="fp-login-field">
              <label htmlFor="fp-login-username">{t('login.username')}</label>
              <Input
                id="fp-login-username"
                name="username"
                prefix={<UserOutlined />}
                autoComplete="username"
                size="large"
                autoFocus
                disabled={pending}
                value={values.username}
                status={problems.username ? 'error' : undefined}
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
              <Input.Password
                id="fp-login-password"
                name="password"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                size="large"
                disabled={pending}
                value={values.password}
                status={problems.password ? 'error' : undefined}
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
            <Button type={sso.server ? 'default' : 'primary'} htmlType="submit" size="large" block loading={pending}>
              {t('login.submit')}
            </Button>
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
