import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { signIn } from '@/features/auth/api/sign-in';
import { useIdentityServer } from '@/features/auth/hooks/use-identity-server';
import { describeFailure } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { forgetUserData } from '@/lib/query-client';
import { PHONE_PAGE } from '@/lib/session/sso';
import { saveTokens } from '@/lib/session/tokens';

interface Credentials {
  username: string;
  password: string;
}

/** Sign-in on the phone: the console's login call and token storage, laid out for a narrow screen. */
export function MobileLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, msg, lang } = useI18n();
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
  return (
    <main className="fp-m-login">
      <div className="fp-m-login-lang">
        <LanguageSwitch size="small" />
      </div>
      <div className="fp-m-login-brand">
        <div className="fp-m-logo">FP</div>
        <h1>{t('app.name')}</h1>
        <p>{t('feed.signInTitle')}</p>
      </div>
      <section className="fp-m-login-card">
        {sso.problem ? <Alert className="fp-m-login-alert" type="error" showIcon title={sso.problem} role="alert" /> : null}
        {sso.server ? (
          <>
            <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} onClick={() => void sso.signIn()}>
              {t('login.sso')}
            </Button>
            <Divider plain>{t('login.orPassword')}</Divider>
          </>
        ) : null}
        {failure ? <Alert className="fp-m-login-alert" type="error" showIcon title={describeFailure(failure, lang)} role="alert" /> : null}
        <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(values) => login.mutate(values)} disabled={login.isPending}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: msg('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" size="large" autoCapitalize="none" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: msg('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type={sso.server ? 'default' : 'primary'} htmlType="submit" size="large" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </section>
    </main>
  );
}
