import { DATA } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Badge, Input, Segmented, Space, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { ARTICLE_CATEGORIES, type ArticleChannel, type ArticleRow, type DynamicsDepartment } from '@field-portal/shared';
import { AuthorisedImage } from '@/lib/authorised-image';
import { useContentWords, type ContentLabelKey } from '@/features/content/i18n';
import { articleListQuery } from '../api';
import { formatTime } from '@/lib/format';
import { articleDetailPath } from '../article-paths';
import { EmptyState } from '@/components/EmptyState';
import { Item, ItemList } from '@/components/ItemList';
import { LoadMore } from '@/components/paging';

const { Text } = Typography;

export const formatDay = (iso: string | null) => (iso ? formatTime(iso, 'day') : '');

/** A channel's published articles, newest first, with "load more" by keyset; unread ones are marked. */
export function ArticleList({ channel, department, categories = false }: { channel: ArticleChannel; department?: DynamicsDepartment; categories?: boolean }) {
  const { t } = useContentWords();
  const navigate = useNavigate();
  const [category, setCategory] = useState<string>('');
  const [keyword, setKeyword] = useState('');
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const filters = { channel, department, category: (category || undefined) as ArticleRow['category'] | undefined, keyword: keyword || undefined };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {categories && (
          <Segmented
            value={category}
            onChange={(v) => {
              setCategory(String(v));
              setPages([undefined]);
            }}
            options={[
              { value: '', label: t('content.category.all') },
              ...ARTICLE_CATEGORIES.map((c) => ({ value: c, label: t(`content.category.${c}` as ContentLabelKey) })),
            ]}
          />
        )}
        <Input.Search
          allowClear
          placeholder={t('content.search')}
          aria-label={t('content.search')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPages([undefined]);
          }}
        />
      </Space>
      {pages.map((cursor, i) => (
        <ArticlePageBlock
          key={cursor ?? 'first'}
          query={{ ...filters, cursor, size: 10 }}
          first={i === 0}
          last={i === pages.length - 1}
          onMore={(next) => setPages((p) => [...p, next])}
          onOpen={(id) => void navigate(articleDetailPath(id))}
        />
      ))}
    </Space>
  );
}

function ArticlePageBlock({
  query,
  first,
  last,
  onMore,
  onOpen,
}: {
  query: Parameters<typeof articleListQuery>[0];
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useContentWords();
  const result = useQuery(articleListQuery(query));
  const list = result.data?.list ?? [];
  if (first && !result.isLoading && list.length === 0) return <EmptyState description={t('content.empty')} />;
  return (
    <>
      <ItemList
        loading={result.isLoading}
        items={list}
        rowKey={(a) => a.id}
        header={first && result.data ? <Text type="secondary">{t('content.total', { n: result.data.total })}</Text> : undefined}
        renderItem={(a) => (
          <Item
            vertical
            className="fp-article-item"
            onClick={() => onOpen(a.id)}
            extra={a.coverUrl ? <AuthorisedImage src={a.coverUrl} alt="" className="fp-article-cover-thumb" /> : undefined}
            actions={[
              <span key="time">{formatDay(a.publishTime)}</span>,
              <span key="reads">
                <EyeOutlined /> {a.readCount}
              </span>,
              <span key="author" {...DATA}>
                {a.author}
              </span>,
            ]}
            title={
              <Space>
                {!a.read && (
                  <span role="img" title={t('content.unread')} aria-label={t('content.unread')}>
                    <Badge status="processing" />
                  </span>
                )}
                {/* a link to the page's address (opened in a new tab too); a click opens it once, not again by the row's own click */}
                <Link
                  to={articleDetailPath(a.id)}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    onOpen(a.id);
                  }}
                  {...DATA}
                >
                  {a.title}
                </Link>
                <Tag>{t(`content.category.${a.category}` as ContentLabelKey)}</Tag>
                {a.source === 'external' && <Tag color="orange">{t('content.source.external')}</Tag>}
                {a.department && <Tag color="blue">{a.department.toUpperCase()}</Tag>}
              </Space>
            }
            description={<span {...DATA}>{a.summary}</span>}
          />
        )}
      />
      {last && result.data?.nextCursor && <LoadMore onMore={() => onMore(result.data.nextCursor!)} />}
    </>
  );
}
