import { Card } from 'antd';
import type { ArticleChannel, DynamicsDepartment } from '@field-portal/shared';
import { usePageTitle } from '@/app/routes/page-title';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { ArticleList } from '../components/ArticleList';
import '../content.css';
import '@/lib/i18n/areas/content';
import '@/lib/i18n/messages/content';

/** A channel's own list: news, company dynamics, department dynamics (all or one department). */
export function ChannelPage({ channel, department }: { channel: ArticleChannel; department?: DynamicsDepartment }) {
  const { t } = useI18n();
  // The menu's name of the page (消息中心, not the channel's 新闻); the channel's outside the layout.
  const title = usePageTitle(department ? `${t('content.channel.departmentDynamics')} · ${department.toUpperCase()}` : t(`content.channel.${channel}` as LabelKey));
  return (
    <Card className="fp-content-screen" title={title}>
      <ArticleList channel={channel} department={department} />
    </Card>
  );
}
