import { dataCells } from '@/lib/data-text';
import { useEffect, useState } from 'react';
import { Table } from 'antd';
import { LoadMore } from '@/components/paging';
import type { OpinionItem } from '@field-portal/shared';
import { useMarketWords } from '@/features/market/i18n';
import { opinionItems, type ItemFilter } from '../api';
import { SentimentCell, SentimentWhy } from './SentimentTag';
import { formatTime } from '@/lib/format';

/** Opinion items newest published first, paged by keyset ("load more"); a row expands to show why it scored. */
export function OpinionItemList({ filter }: { filter: ItemFilter }) {
  const { t } = useMarketWords();
  const [items, setItems] = useState<OpinionItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(filter);
  useEffect(() => {
    let live = true;
    setLoading(true);
    opinionItems(filter)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setNext(page.nextCursor);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded when the filter's value changes
  }, [key]);
  const more = async () => {
    if (next === null) return;
    setLoading(true);
    try {
      const page = await opinionItems(filter, next);
      setItems((old) => [...old, ...page.items]);
      setNext(page.nextCursor);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Table<OpinionItem>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={items}
        pagination={false}
        data-testid="opinion-items"
        expandable={{ expandedRowRender: (item) => <SentimentWhy item={item} /> }}
        columns={[
          { title: t('market.time'), width: 150, render: (_: unknown, i) => formatTime(i.publishedAt) },
          { title: t('market.platform'), dataIndex: 'platform', width: 110, ...dataCells },
          { title: t('market.drug'), dataIndex: 'medicine', width: 90, ...dataCells },
          { title: t('market.items'), dataIndex: 'text', ...dataCells },
          { title: t('market.doctor'), width: 90, render: (_: unknown, i) => i.doctorName ?? '', ...dataCells },
          { title: t('market.sentiment'), width: 90, render: (_: unknown, i) => <SentimentCell item={i} /> },
        ]}
      />
      {next !== null && <LoadMore onMore={() => void more()} loading={loading} />}
    </>
  );
}
