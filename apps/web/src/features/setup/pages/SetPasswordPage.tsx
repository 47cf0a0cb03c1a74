import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Result } from 'antd';
import { ADMIN_LIMITS, PASSWORD, passwordLinkRequest } from '@field-portal/shared';
import { withAntd } from '@/lib/providers/antd-providers';
import { describeFailure, isHttpError } from '@/lib/http';
import { isKnownMessage } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/paths';
import { useSetupWords } from '@/features/setup/i18n';
import { passwordLinkStatus, setPasswordByLink } from '../api/setup';
import { LinkCheckFailed, LinkChecking, NewPasswordItems, SetupFrame } from '../components/SetupFrame';
import './setup.css';

type Field = 'password' | 'confirmPassword';
type Values = Record<Field, string>;

/**
 * An invitation's page (docs/decisions/0072): the link an administrator e-mailed opens it; it sets
 * the account's password under the portal's rules, once, and leads to the sign-in page. A used or
 * expired link says so and what to do.
 */
function SetPasswordScreen() {
  const { t, msg, lang } = useSetupWords();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const status = useQuery({ queryKey: ['passwordLink', token], queryFn: () => passwordLinkStatus(token), retry: false, staleTime: 0, enabled: token !== '' });

  useEffect(() => {
    document.title = t('passwordLink.title');
  }, [t]);

  const save = useMutation({
    mutationFn: (values: Values) => setPasswordByLink({ token, ...values }),
    onError: (error) => {
      if (isHttpError(error) && error.status === 404) {
        void status.refetch();
        return;
      }
      const field = isHttpError(error) ? error.field : undefined;
      if (field === 'password' || field === 'confirmPassword') form.setFields([{ name: field, errors: [describeFailure(error, lang)] }]);
    },
  });

  /** Each field is checked with the server's schema over the whole form. */
  const ruleFor = (field: Field) => ({
    validator: async () => {
      const values = form.getFieldsValue() as Partial<Values>;
      const parsed = passwordLinkRequest.safeParse({ token: 'page', password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' });
      const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
      if (issue)
        throw new Error(
          isKnownMessage(issue.message) ? msg(issue.message as 'password.length', { min: PASSWORD.min, max: PASSWORD.max }) : msg('field.invalid', { field }),
        );
    },
  });

  const username = status.data?.username ?? '';
  let body;
  if (token !== '' && status.isPending) {
    body = <LinkChecking label={t('passwordLink.checking')} />;
  } else if (status.isError) {
    body = <LinkCheckFailed title={t('passwordLink.checkFailed')} error={status.error} onRetry={() => void status.refetch()} />;
  } else if (save.isSuccess) {
    body = (
      <Result
        status="success"
        title={<h1 className="fp-setup-result-title">{t('passwordLink.doneTitle')}</h1>}
        subTitle={t('passwordLink.doneHint', { username })}
        extra={
          <Button type="primary" onClick={() => void navigate(LOGIN_PATH, { replace: true })}>
            {t('setupPage.toLogin')}
          </Button>
        }
      />
    );
  } else if (!status.data?.valid) {
    body = (
      <Result
        status="warning"
        title={<h1 className="fp-setup-result-title">{t('passwordLink.invalidTitle')}</h1>}
        subTitle={t('passwordLink.invalidHint', { days: ADMIN_LIMITS.inviteDays })}
        extra={<Button onClick={() => void navigate(LOGIN_PATH, { replace: true })}>{t('setupPage.toLogin')}</Button>}
      />
    );
  } else {
    const failure =
      save.error && !(isHttpError(save.error) && (save.error.field === 'password' || save.error.field === 'confirmPassword'))
        ? describeFailure(save.error, lang)
        : null;
    body = (
      <>
        <h1 className="fp-setup-title">{t('passwordLink.title')}</h1>
        <p className="fp-setup-intro">{t('passwordLink.intro', { username })}</p>
        {failure ? <Alert type="error" showIcon message={failure} className="fp-setup-alert" /> : null}
        <Form<Values> form={form} layout="vertical" requiredMark className="fp-setup-form" onFinish={(values) => save.mutate(values)} disabled={save.isPending}>
          {/* The login name, for the browser's password manager to store the new password under. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <NewPasswordItems rule={ruleFor} autoFocus />
          <Button type="primary" htmlType="submit" size="large" block loading={save.isPending}>
            {t('passwordLink.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return <SetupFrame narrow>{body}</SetupFrame>;
}

export const SetPasswordPage = withAntd(SetPasswordScreen);
