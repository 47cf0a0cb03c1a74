import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { SETUP_LIMITS, type SetupRequest } from '@field-portal/shared';
import { withAntd } from '@/lib/providers/antd-providers';
import { describeFailure, isHttpError } from '@/lib/http';
import { useSetupWords } from '@/features/setup/i18n';
import { LOGIN_PATH } from '@/lib/paths';
import { forgetUserData } from '@/lib/query-client';
import { saveTokens } from '@/lib/session/tokens';
import { completeSetup, setupStatus } from '../api/setup';
import { LinkCheckFailed, LinkChecking, NewPasswordItems, SetupFrame } from '../components/SetupFrame';
import { setupErrors, type SetupField } from '../setup-rules';
import './setup.css';

type SetupValues = Omit<SetupRequest, 'token'>;

const FIELDS: SetupField[] = ['companyName', 'username', 'displayName', 'email', 'password', 'confirmPassword'];

/**
 * The first start's setup page (docs/decisions/0041): the console's one-time link opens it; it
 * names the company and creates the first administrator, who is then signed in. A used link says
 * so and leads to the sign-in page.
 */
function SetupScreen() {
  const { t, lang } = useSetupWords();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<SetupValues>();
  const status = useQuery({ queryKey: ['setupStatus', token], queryFn: () => setupStatus(token), retry: false, staleTime: 0 });

  useEffect(() => {
    document.title = t('setupPage.title');
  }, [t]);

  const save = useMutation({
    mutationFn: (values: SetupValues) => completeSetup({ ...values, token }),
    onSuccess: (tokens) => {
      saveTokens(localStorage, tokens, Date.now());
      forgetUserData();
      // The login page and footer show the company's name from now on.
      void queryClient.invalidateQueries({ queryKey: ['tenant'] });
      void navigate('/', { replace: true });
    },
    onError: (error) => {
      if (isHttpError(error) && (error.status === 404 || error.status === 410)) {
        void status.refetch();
        return;
      }
      const field = isHttpError(error) ? error.field : undefined;
      if (field && (FIELDS as string[]).includes(field)) form.setFields([{ name: field as SetupField, errors: [describeFailure(error, lang)] }]);
    },
  });

  /** Each field is checked with the server's schema over the whole form. */
  const ruleFor = (field: SetupField) => ({
    validator: async () => {
      const error = setupErrors(form.getFieldsValue(), lang)[field];
      if (error) throw new Error(error);
    },
  });

  let body;
  if (status.isPending) {
    body = <LinkChecking label={t('setupPage.checking')} />;
  } else if (status.isError) {
    body = <LinkCheckFailed title={t('setupPage.checkFailed')} error={status.error} onRetry={() => void status.refetch()} />;
  } else if (!status.data.needed || !status.data.tokenValid) {
    const done = !status.data.needed;
    body = (
      <Result
        status={done ? 'success' : 'warning'}
        title={<h1 className="fp-setup-result-title">{t(done ? 'setupPage.doneTitle' : 'setupPage.invalidTitle')}</h1>}
        subTitle={t(done ? 'setupPage.doneHint' : 'setupPage.invalidHint')}
        extra={
          done ? (
            <Button type="primary" onClick={() => void navigate(LOGIN_PATH, { replace: true })}>
              {t('setupPage.toLogin')}
            </Button>
          ) : null
        }
      />
    );
  } else {
    const failure =
      save.error && !(isHttpError(save.error) && save.error.field && (FIELDS as string[]).includes(save.error.field))
        ? describeFailure(save.error, lang)
        : null;
    body = (
      <>
        <h1 className="fp-setup-title">{t('setupPage.title')}</h1>
        <p className="fp-setup-intro">{t('setupPage.intro')}</p>
        {failure ? <Alert type="error" showIcon message={failure} className="fp-setup-alert" /> : null}
        <Form<SetupValues>
          form={form}
          layout="vertical"
          requiredMark
          className="fp-setup-form"
          onFinish={(values) => save.mutate(values)}
          disabled={save.isPending}
        >
          <fieldset className="fp-setup-section">
            <legend>{t('setupPage.company')}</legend>
            <Form.Item name="companyName" label={t('setupPage.companyName')} extra={t('setupPage.companyNameHelp')} required rules={[ruleFor('companyName')]}>
              <Input autoFocus maxLength={SETUP_LIMITS.companyNameMax} autoComplete="organization" />
            </Form.Item>
          </fieldset>
          <fieldset className="fp-setup-section">
            <legend>{t('setupPage.administrator')}</legend>
            <div className="fp-setup-row">
              <Form.Item name="username" label={t('setupPage.username')} required rules={[ruleFor('username')]}>
                <Input maxLength={SETUP_LIMITS.usernameMax} autoComplete="username" spellCheck={false} autoCapitalize="none" />
              </Form.Item>
              <Form.Item name="displayName" label={t('setupPage.displayName')} required rules={[ruleFor('displayName')]}>
                <Input maxLength={SETUP_LIMITS.displayNameMax} autoComplete="name" />
              </Form.Item>
            </div>
            <Form.Item name="email" label={t('setupPage.email')} required rules={[ruleFor('email')]}>
              <Input type="email" maxLength={SETUP_LIMITS.emailMax} autoComplete="email" spellCheck={false} />
            </Form.Item>
            <div className="fp-setup-row">
              <NewPasswordItems rule={ruleFor} />
            </div>
          </fieldset>
          <Button type="primary" htmlType="submit" size="large" block loading={save.isPending}>
            {t('setupPage.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return <SetupFrame>{body}</SetupFrame>;
}

export const SetupPage = withAntd(SetupScreen);
