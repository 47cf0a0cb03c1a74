import { Card } from 'antd';
import type { ArticleChannel, DynamicsDepartment } from '@field-portal/shared';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { ArticleList } from '../components/ArticleList';
import '../content.css';
import '@/lib/i18n/areas/content';
import '@/lib/i18n/messages/content';

/** A channel's own list: news, company dynamics, department dynamics (all or one department). */
export function ChannelPage({ channel, department }: { channel: ArticleChannel; department?: DynamicsDepartment }) {
  const { t } = useI18n();
  const title = department ? `${t('content.channel.departmentDynamics')} · ${department.toUpperCase()}` : t(`content.channel.${channel}` as LabelKey);
  return (
    <Card className="fp-content-screen" title={title}>
      <ArticleList channel={channel} department={department} />
    </Card>
  );
}
