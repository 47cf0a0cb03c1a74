import type { ReactNode } from 'react';
import { Button, Form, Input, Result, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { PASSWORD } from '@field-portal/shared';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { describeFailure } from '@/lib/http';
import { useSetupWords } from '@/features/setup/i18n';

/** The frame of the pages outside the console an account starts from (setup, first password, an invitation's link): the brand, the language switch, one card. */
export function SetupFrame({ narrow = false, children }: { narrow?: boolean; children: ReactNode }) {
  const { t } = useSetupWords();
  return (
    <div className="fp-setup">
      <div className="fp-setup-top">
        <div className="fp-setup-brand">
          <span className="fp-setup-logo" aria-hidden="true">
            FP
          </span>
          <span>{t('app.name')}</span>
        </div>
        <LanguageSwitch />
      </div>
      <main className={narrow ? 'fp-setup-card fp-setup-card-narrow' : 'fp-setup-card'}>{children}</main>
    </div>
  );
}

/** A link being checked: announced, with a spinner. */
export function LinkChecking({ label }: { label: string }) {
  return (
    <div className="fp-setup-state" role="status">
      <Spin />
      <span>{label}</span>
    </div>
  );
}

/** A link that could not be checked (the server unreachable, say): what failed, and a retry. */
export function LinkCheckFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t, lang } = useSetupWords();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={describeFailure(error, lang)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A new password and its confirmation, each checked by the page's rule (the server's schema over the form). */
export function NewPasswordItems({ rule, autoFocus = false }: { rule: (field: 'password' | 'confirmPassword') => Rule; autoFocus?: boolean }) {
  const { t } = useSetupWords();
  return (
    <>
      <Form.Item
        name="password"
        label={t('setupPage.password')}
        extra={t('setupPage.passwordHelp', { min: PASSWORD.min, max: PASSWORD.max })}
        required
        rules={[rule('password')]}
      >
        <Input.Password autoFocus={autoFocus} maxLength={PASSWORD.max} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('setupPage.confirmPassword')} dependencies={['password']} required rules={[rule('confirmPassword')]}>
        <Input.Password maxLength={PASSWORD.max} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
