import { useMutation } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input } from 'antd';
import type { PasswordChangeRequest } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';
import { usePersonalCentreWords } from '../i18n';
import { changePassword } from '../api/change-password';
import { passwordErrors, type PasswordField } from '../password-rules';

const FIELDS: PasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

/** `onChanged` follows a successful change (the first sign-in's screen goes on into the portal). */
export function PasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const { t, msg, lang } = usePersonalCentreWords();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<PasswordChangeRequest>();

  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.resetFields();
      void message.success(msg('password.changed'));
      onChanged?.();
    },
    onError: (error) => {
      const field = isHttpError(error) ? error.field : undefined;
      const text = describeFailure(error, lang);
      if (field && (FIELDS as string[]).includes(field)) form.setFields([{ name: field as PasswordField, errors: [text] }]);
      else void message.error(text);
    },
  });

  /** Each field is checked with the shared schema over the whole form. */
  const ruleFor = (field: PasswordField) => ({
    validator: async () => {
      const error = passwordErrors(form.getFieldsValue(), lang)[field];
      if (error) throw new Error(error);
    },
  });

  return (
    <Form<PasswordChangeRequest>
      form={form}
      layout="vertical"
      className="fp-password-form"
      onFinish={(values) => save.mutate(values)}
      disabled={save.isPending}
    >
      <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={[ruleFor('oldPassword')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('personal.newPassword')} rules={[ruleFor('newPassword')]} dependencies={['oldPassword']}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('personal.confirmPassword')} rules={[ruleFor('confirmPassword')]} dependencies={['newPassword']}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('personal.submit')}
      </Button>
    </Form>
  );
}
