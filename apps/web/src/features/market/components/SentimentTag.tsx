import { Space, Tag, Typography } from 'antd';
import { Explained } from '@/components/Explained';
import type { OpinionItem, Sentiment } from '@field-portal/shared';
import { useMarketWords } from '@/features/market/i18n';

const COLOR: Record<Sentiment, string> = { positive: 'green', negative: 'red', neutral: 'default' };

export function SentimentTag({ sentiment }: { sentiment: Sentiment }) {
  const { t } = useMarketWords();
  return <Tag color={COLOR[sentiment]}>{t(`market.${sentiment}`)}</Tag>;
}

/** Why an item scored as it did: each sentiment word with its negations and degree words. */
export function SentimentWhy({ item }: { item: OpinionItem }) {
  const { t } = useMarketWords();
  const hits = item.explanation.hits;
  return (
    <div data-testid="sentiment-why">
      {hits.length === 0 ? (
        <Typography.Text type="secondary">{t('market.noHits')}</Typography.Text>
      ) : (
        <Space direction="vertical" size={2}>
          {hits.map((hit, i) => (
            <span key={i}>
              <Tag color={hit.contribution > 0 ? 'green' : 'red'}>{hit.word}</Tag>
              {hit.negations.length > 0 ? `${t('market.negations')}: ${hit.negations.join(' ')}; ` : ''}
              {hit.degrees.length > 0 ? `${t('market.degrees')}: ${hit.degrees.map((d) => `${d.word}×${d.weight}`).join(' ')}; ` : ''}
              {hit.contribution > 0 ? `+${hit.contribution}` : hit.contribution}
            </span>
          ))}
          <Typography.Text strong>
            {t('market.score')}: {item.explanation.score}
          </Typography.Text>
        </Space>
      )}
    </div>
  );
}

export function SentimentCell({ item }: { item: OpinionItem }) {
  const { t } = useMarketWords();
  return (
    <Explained title={t('market.why')} explanation={<SentimentWhy item={item} />}>
      <SentimentTag sentiment={item.sentiment} />
    </Explained>
  );
}
