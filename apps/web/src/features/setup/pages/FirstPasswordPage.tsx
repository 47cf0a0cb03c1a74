import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { useSetupWords } from '@/features/setup/i18n';
import { PasswordForm } from '@/features/personal-centre';
import { SetupFrame } from '../components/SetupFrame';
import './setup.css';

/**
 * The first screen of an account made with a temporary password (ADMIN_USERNAME / ADMIN_PASSWORD,
 * docs/decisions/0041): the password change, or signing out; the server refuses the rest until then.
 */
function FirstPasswordScreen({ onChanged }: { onChanged: () => void }) {
  const { t } = useSetupWords();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = t('firstPassword.title');
  }, [t]);
  return (
    <SetupFrame narrow>
      <h1 className="fp-setup-title">{t('firstPassword.title')}</h1>
      <p className="fp-setup-intro">{t('firstPassword.intro')}</p>
      <PasswordForm onChanged={onChanged} />
      <Button type="link" className="fp-setup-logout" onClick={() => void navigate('/logout', { replace: true })}>
        {t('firstPassword.logout')}
      </Button>
    </SetupFrame>
  );
}

export function FirstPasswordPage({ onChanged }: { onChanged: () => void }) {
  return (
    <AntdProviders>
      <FirstPasswordScreen onChanged={onChanged} />
    </AntdProviders>
  );
}
