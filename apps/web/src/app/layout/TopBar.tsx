import { Button, Tooltip } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import type { UserInfo } from '@field-portal/shared';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useI18n } from '@/lib/i18n';
import { NewsArea } from '@/features/messaging/components/NewsArea';
import { usePageSearchTarget } from '@/lib/page-search';
import { TaskBadge } from '@/features/activity/components/TaskBadge';
import { BroadcastTitle } from '@/features/content/components/BroadcastTitle';
import { ProfileMenu } from './ProfileMenu';
import { TaskDownload } from './TaskDownload';
import { PageSearchBox } from './PageSearchBox';

/** The page's search box, while the page on screen has a search. */
function PageSearch() {
  return usePageSearchTarget() ? <PageSearchBox /> : null;
}

/** Page title, the page's search box, task downloads, customer service, language and the profile menu (spec 001 section 2.7). */
export function TopBar({ title, user, hasPersonalCentre }: { title: string; user: UserInfo; hasPersonalCentre: boolean }) {
  const { t } = useI18n();
  const service = t('topbar.customerService');
  return (
    <header className="fp-topbar">
      <h1 className="fp-topbar-title">{title}</h1>
      <PageSearch />
      <BroadcastTitle />
      <div className="fp-topbar-actions">
        <NewsArea username={user.username} />
        <TaskBadge />
        <TaskDownload />
        <Tooltip title={`${service}: ${t('common.notYetAvailable')}`}>
          <Button type="text" shape="circle" icon={<CustomerServiceOutlined />} aria-label={service} aria-disabled="true" />
        </Tooltip>
        <LanguageSwitch size="small" />
        <ProfileMenu user={user} hasPersonalCentre={hasPersonalCentre} />
      </div>
    </header>
  );
}
