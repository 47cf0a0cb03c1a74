import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Card, Space, Spin, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { OpenArticleResult } from '@field-portal/shared';
import { AuthorisedImage } from '@/lib/authorised-image';
import { useContentWords, type ContentLabelKey } from '@/features/content/i18n';
import { contentKeys, openArticle } from '../api';
import { RichText } from '../rich-text';
import '../content.css';
import { formatTime } from '@/lib/format';
import { DATA } from '@/lib/data-text';
import { EmptyState } from '@/components/EmptyState';

/**
 * ccArticleDetail (?id=) and contentDetail/{title}: opens the article, which counts the read, and
 * shows it; external material carries the compliance notice (spec 001 section 1).
 */
export function ArticleDetailPage() {
  const { t, msg } = useContentWords();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const { title } = useParams();
  const id = Number(params.get('id'));
  const by = Number.isInteger(id) && id > 0 ? { id } : title ? { title } : undefined;
  const key = by ? JSON.stringify(by) : '';
  const [state, setState] = useState<{ key: string; result?: OpenArticleResult; failed?: boolean }>({ key: '' });
  useEffect(() => {
    if (!by) return;
    let live = true;
    openArticle(by).then(
      (result) => {
        if (!live) return;
        setState({ key, result });
        void client.invalidateQueries({ queryKey: contentKeys.all });
      },
      () => live && setState({ key, failed: true }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per article
  }, [key]);
  if (!by || (state.key === key && state.failed)) return <EmptyState className="fp-content-empty" description={msg('content.notFound')} />;
  if (state.key !== key || !state.result) return <Spin className="fp-content-empty" />;
  const { article, myReadCount, firstReadTime } = state.result;
  return (
    <Card className="fp-content-screen fp-article">
      <Typography.Title level={3} {...DATA}>
        {article.title}
      </Typography.Title>
      <Space wrap className="fp-article-meta">
        <Tag>{t(`content.category.${article.category}` as ContentLabelKey)}</Tag>
        {article.department && <Tag color="blue">{article.department.toUpperCase()}</Tag>}
        <span {...DATA}>{article.author}</span>
        <span>{article.publishTime ? formatTime(article.publishTime) : ''}</span>
        <span data-testid="article-reads">{t('content.detail.reads', { reads: article.readCount, readers: article.readerCount })}</span>
        <span data-testid="my-reads">{t('content.detail.mine', { n: myReadCount, first: formatTime(firstReadTime) })}</span>
      </Space>
      {article.source === 'external' && (
        <Alert
          className="fp-article-notice"
          type="warning"
          showIcon
          icon={<SafetyCertificateOutlined />}
          role="note"
          title={msg('content.complianceNotice')}
          description={
            <span>
              {t('content.detail.source')}: <span {...DATA}>{article.sourceName}</span>
              {article.sourceUrl && (
                <>
                  {' · '}
                  <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
                    {article.sourceUrl}
                  </a>
                </>
              )}
            </span>
          }
        />
      )}
      {article.summary && (
        <Typography.Paragraph type="secondary" {...DATA}>
          {article.summary}
        </Typography.Paragraph>
      )}
      {article.coverUrl && <AuthorisedImage src={article.coverUrl} alt="" className="fp-article-cover" />}
      <RichText html={article.body} className="fp-article-body" />
    </Card>
  );
}
