import { Card, Tabs } from 'antd';
import { useSession } from '@/lib/session/session-context';
import { useContentWords } from '@/features/content/i18n';
import { ArticleList } from '../components/ArticleList';
import { lazyPart } from '@/components/lazy-dialog';
import '../content.css';

/*
 * The management tab (the article table with its editor and readers) loads when it is first
 * chosen (antd's Tabs render a panel only then): readers of the first tab, and everyone without the
 * authoring grant, do not download it (docs/decisions/0031).
 */
const ManageArticles = lazyPart(() => import('../components/ManageArticles').then((m) => m.ManageArticles));

/** Who may author articles: the operators holding the push screen (the server checks it too). */
export const CONTENT_AUTHORITY = 'recommend:NewRecommend';

/** contentCenterIndex: the published articles by category; operators also manage every article. */
export function ContentCentrePage() {
  const { t } = useContentWords();
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
