import { useQuery } from '@tanstack/react-query';
import { Drawer, Table } from 'antd';
import type { ArticleReader, ArticleRow } from '@field-portal/shared';
import { useContentWords } from '@/features/content/i18n';
import { formatTime } from '@/lib/format';
import { readersQuery } from '../api';
import { EmptyState } from '@/components/EmptyState';

/** Who read an article: the operators' drawer of the article list (loaded when first opened). */
export function ReadersDrawer({ article, onClose }: { article: ArticleRow | null; onClose: () => void }) {
  return (
    <Drawer open={article !== null} onClose={onClose} title={article?.title} size={520}>
      {article && <Readers id={article.id} />}
    </Drawer>
  );
}

function Readers({ id }: { id: number }) {
  const { t } = useContentWords();
  const readers = useQuery(readersQuery(id));
  return (
    <Table<ArticleReader>
      rowKey="userId"
      size="small"
      loading={readers.isLoading}
      dataSource={readers.data ?? []}
      pagination={false}
      locale={{ emptyText: <EmptyState description={t('content.noReaders')} /> }}
      columns={[
        { title: t('content.readers.name'), render: (_: unknown, r) => `${r.name} (${r.username})` },
        { title: t('content.readers.first'), dataIndex: 'firstReadTime', render: (v: string) => formatTime(v) },
        { title: t('content.readers.count'), dataIndex: 'readCount', width: 80 },
      ]}
    />
  );
}
