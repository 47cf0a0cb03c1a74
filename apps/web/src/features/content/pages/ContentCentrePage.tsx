import { Card, Tabs } from 'antd';
import { useSession } from '@/app/session-context';
import { useI18n } from '@/lib/i18n';
import { ArticleList } from '../components/ArticleList';
import { ManageArticles } from '../components/ManageArticles';
import '../content.css';
import '@/lib/i18n/areas/content';
import '@/lib/i18n/messages/content';

/** Who may author articles: the operators holding the push screen (the server checks it too). */
export const CONTENT_AUTHORITY = 'recommend:NewRecommend';

/** contentCenterIndex: the published articles by category; operators also manage every article. */
export function ContentCentrePage() {
  const { t } = useI18n();
  const { menus } = useSession();
  const canManage = menus.menuList.some((m) => m.code === CONTENT_AUTHORITY);
  const items = [{ key: 'articles', label: t('content.tab.articles'), children: <ArticleList channel="contentCenter" categories /> }];
  if (canManage) items.push({ key: 'manage', label: t('content.tab.manage'), children: <ManageArticles /> });
  return (
    <Card className="fp-content-screen" title={t('content.centre.title')}>
      <Tabs items={items} />
    </Card>
  );
}
