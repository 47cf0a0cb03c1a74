import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { useI18n } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/paths';
import { withAntd } from '@/lib/providers/antd-providers';

/** Longest reason shown; the text arrives in the URL and is shown as plain text only. */
const MAX_REASON = 200;

/** /logout?message=… : why the session ended, and the way back in (spec 001 section 2.1). */
function LogoutScreen() {
  const { t, msg } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = (params.get('message') ?? '').trim().slice(0, MAX_REASON) || msg('session.loggedOut');
  return (
    <div className="fp-fullpage-center">
      <Result
        status="info"
        title={t('logout.title')}
        subTitle={reason}
        extra={
          <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
            {t('logout.again')}
          </Button>
        }
      />
    </div>
  );
}

export const LogoutPage = withAntd(LogoutScreen);
