import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useI18n } from '@/lib/i18n';
import { withAntd } from '@/lib/providers/antd-providers';

function BackHome() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      {t('common.backHome')}
    </Button>
  );
}

/** Unknown paths and routes the user lacks land here (spec 001 section 2.1). */
function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <div className="fp-fullpage-center">
      <Result status="404" title="404" subTitle={`${t('error.404.title')} · ${t('error.404.desc')}`} extra={<BackHome />} />
    </div>
  );
}

function UnauthorizedScreen() {
  const { t } = useI18n();
  return (
    <div className="fp-fullpage-center">
      <Result status="403" title="401" subTitle={`${t('error.401.title')} · ${t('error.401.desc')}`} extra={<BackHome />} />
    </div>
  );
}

/** Outside-layout routes of spec 001 section 2.2 that the portal has no screen for yet. */
function UnavailableScreen() {
  const { msg } = useI18n();
  return (
    <div className="fp-fullpage-center">
      <Result status="info" title={msg('page.notYetAvailable')} extra={<BackHome />} />
    </div>
  );
}

export const NotFoundPage = withAntd(NotFoundScreen);

export const UnauthorizedPage = withAntd(UnauthorizedScreen);

export const UnavailablePage = withAntd(UnavailableScreen);
