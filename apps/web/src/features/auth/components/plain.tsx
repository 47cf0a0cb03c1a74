import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { SvgIcon } from '@/components/SvgIcon';
import { useI18n } from '@/lib/i18n';

/*
 * The sign-in page's controls in plain elements, drawn as antd's (login.css): the login route
 * loads no antd. Measured, the same page drawn with antd's Input, Button, Alert and Segmented shows
 * its form about 1.4x later, past the sign-in page's time goal (docs/decisions/0055, "The sign-in
 * page with antd"). The console's antd loads after sign-in, with the layout.
 */

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="fp-alert is-error fp-login-alert" role="alert">
      <SvgIcon icon={CloseCircleFilled} className="fp-alert-icon" />
      <div className="fp-alert-text">{children}</div>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size' | 'type'> & { prefix: ReactNode; invalid: boolean };

/** A large text box with an icon before it, red while its field has a problem. */
export function TextField({ prefix, invalid, disabled, ...input }: FieldProps) {
  return (
    <span className={`fp-input${invalid ? ' is-error' : ''}${disabled ? ' is-disabled' : ''}`}>
      <span className="fp-input-prefix">{prefix}</span>
      <input {...input} type="text" disabled={disabled} />
    </span>
  );
}

/** The password box, with the eye button that shows what was typed. */
export function PasswordField({ prefix, invalid, disabled, ...input }: FieldProps) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <span className={`fp-input${invalid ? ' is-error' : ''}${disabled ? ' is-disabled' : ''}`}>
      <span className="fp-input-prefix">{prefix}</span>
      <input {...input} type={visible ? 'text' : 'password'} disabled={disabled} />
      <button
        type="button"
        className="fp-input-suffix"
        aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? <SvgIcon icon={EyeOutlined} /> : <SvgIcon icon={EyeInvisibleOutlined} />}
      </button>
    </span>
  );
}
