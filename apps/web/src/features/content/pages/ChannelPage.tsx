import { Card } from 'antd';
import type { ArticleChannel, DynamicsDepartment } from '@field-portal/shared';
import { usePageTitle } from '@/lib/session/page-title';
import { useContentWords, type ContentLabelKey } from '@/features/content/i18n';
import { ArticleList } from '../components/ArticleList';
import '../content.css';

/** A channel's own list: news, company dynamics, department dynamics (all or one department). */
export function ChannelPage({ channel, department }: { channel: ArticleChannel; department?: DynamicsDepartment }) {
  const { t } = useContentWords();
  // The menu's name of the page (消息中心, not the channel's 新闻); the channel's outside the layout.
  const title = usePageTitle(
    department ? `${t('content.channel.departmentDynamics')} · ${department.toUpperCase()}` : t(`content.channel.${channel}` as ContentLabelKey),
  );
  return (
    <Card className="fp-content-screen" title={title}>
      <ArticleList channel={channel} department={department} />
    </Card>
  );
}
