import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Checkbox, Input, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { CARD_LIST_FILTER_LABELS, PAGINATION, PUSH_APP_ID, type CardRecord } from '@field-portal/shared';
import { useSession } from '@/lib/session/session-context';
import { usePushWords, type PushLabelKey } from '@/features/push/i18n';
import { CardItem } from '@/features/cards';
import { CARD_LISTS_KEY, cardListQuery, deleteCard } from '../api/push-api';
import {
  canDelete,
  editActionsOf,
  emptyFilters,
  FIRST_PAGE,
  isPushable,
  listQueryOf,
  type FilterLabel,
  type ListFilters,
  type ListScreen,
} from '../list-query';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';
import { DateRangePicker } from '@/components/DateRangePicker';

const FILTER_LABEL_KEYS: Record<FilterLabel, PushLabelKey> = {
  all: 'push.filter.all',
  pushed: 'push.filter.pushed',
  'not pushed': 'push.filter.notPushed',
  'in queue': 'push.filter.inQueue',
};

const STATUS_TAGS: Record<string, { label: PushLabelKey; color: string }> = {
  draft: { label: 'push.status.draft', color: 'default' },
  created: { label: 'push.status.created', color: 'blue' },
  notPushed: { label: 'push.status.created', color: 'blue' },
  publish: { label: 'push.status.publish', color: 'green' },
  queue: { label: 'push.status.queue', color: 'orange' },
};

export interface CardListProps {
  screen: ListScreen;
  /** Selection checkboxes (recommend and created lists); the parent keeps the selected cards. */
  selection?: { selected: Map<number, CardRecord>; onChange: (next: Map<number, CardRecord>) => void };
  /** A row a screen adds above each item's buttons (the pin switch). */
  itemTop?: (card: CardRecord) => ReactNode;
  /** Buttons a screen adds before edit (read details, cancel push). */
  itemButtons?: (card: CardRecord) => ReactNode;
  /** Buttons at the right of the filter bar. */
  toolbarExtra?: ReactNode;
  /** The in-queue screen's sort dropdown. */
  sortControl?: ReactNode;
}

/**
 * One card list (spec 000 section 2): filters (status, creation-time range, mine only, search),
 * the cards in their template layouts with their actions, and the pagination of section 9.
 */
export function CardList({ screen, selection, itemTop, itemButtons, toolbarExtra, sortControl }: CardListProps) {
  // Why a card's box is off, as its description: a box that is off takes no focus, so its hint (shown on pointing) never reaches the keyboard or a screen reader.
  const notPushableId = useId();
  const { t } = usePushWords();
  const { user, table } = useSession();
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ListFilters>(emptyFilters);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(FIRST_PAGE);
  const query = useQuery(cardListQuery(screen, listQueryOf(screen, filters, page, user.username)));
  const editPath = table.pages.find((p) => p.router === 'card')?.path;
  const showStatusFilter = screen === 'CreatedCard' || screen === 'NewRecommend';
  const rows = query.data?.result ?? [];
  const total = query.data?.total ?? 0;

  const changeFilters = (next: Partial<ListFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((current) => ({ ...current, pageNum: PAGINATION.firstPage }));
  };

  const openEditor = (card: CardRecord, copy: boolean) => {
    if (!editPath) return;
    const params = new URLSearchParams({ id: String(card.id), cardStatus: copy ? 'copy' : card.status, appId: String(PUSH_APP_ID), timer: String(Date.now()) });
    void navigate(`${editPath}?${params.toString()}`);
  };

  const confirmDelete = (card: CardRecord) => {
    modal.confirm({
      title: t('push.confirm.title'),
      content: t('push.confirm.delete'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCard(card.id);
        } catch {
          // The client has shown the server's reason (e.g. a published or queued card); the list stays.
          return;
        }
        void message.success(t('push.done.deleted'));
        if (selection?.selected.has(card.id)) {
          const next = new Map(selection.selected);
          next.delete(card.id);
          selection.onChange(next);
        }
        await queryClient.invalidateQueries({ queryKey: CARD_LISTS_KEY });
      },
      onCancel: () => void message.info(t('push.cancelled.delete')),
    });
  };

  const toggle = (card: CardRecord, checked: boolean) => {
    if (!selection) return;
    const next = new Map(selection.selected);
    if (checked) next.set(card.id, card);
    else next.delete(card.id);
    selection.onChange(next);
  };

  return (
    <div className="fp-push-list" data-screen={screen}>
      <div className="fp-push-filters" role="search">
        <Space wrap size={[12, 8]}>
          {showStatusFilter ? (
            <Select<FilterLabel>
              aria-label={t('push.filter.status')}
              value={filters.label}
              style={{ width: 132 }}
              onChange={(label) => changeFilters({ label })}
              options={CARD_LIST_FILTER_LABELS.map((label) => ({ value: label, label: t(FILTER_LABEL_KEYS[label]) }))}
            />
          ) : null}
          <DateRangePicker
            aria-label={t('push.filter.createTime')}
            placeholder={[t('push.filter.createdFrom'), t('push.filter.createdTo')]}
            value={filters.range}
            onChange={(range) => changeFilters({ range })}
          />
          <Checkbox checked={filters.mine} onChange={(e) => changeFilters({ mine: e.target.checked })}>
            {t(screen === 'InQueue' ? 'push.filter.myCreated' : screen === 'NewRecommend' ? 'push.filter.createdByMe' : 'push.filter.mine')}
          </Checkbox>
          <Input.Search
            aria-label={t('push.filter.search')}
            placeholder={t('push.filter.searchPlaceholder')}
            allowClear
            value={searchText}
            style={{ width: 240 }}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (!e.target.value) changeFilters({ search: '' });
            }}
            // Searching again for the same text asks the server again: the lists change as the
            // scheduler sends queued pushes, and the same query would otherwise answer from cache.
            onSearch={(value) => (value === filters.search ? void query.refetch() : changeFilters({ search: value }))}
          />
          {sortControl}
        </Space>
        {toolbarExtra ? <Space wrap>{toolbarExtra}</Space> : null}
      </div>

      <Spin spinning={query.isFetching} tip={t('common.loading')}>
        {rows.length === 0 ? (
          <div className="fp-push-empty">
            {query.isPending ? null : <EmptyState description={query.isError ? t('push.list.failed') : t('push.list.empty')} />}
          </div>
        ) : (
          <div className="fp-push-grid" data-testid="card-list">
            {selection ? (
              <span id={notPushableId} hidden>
                {t('push.list.notPushable')}
              </span>
            ) : null}
            {rows.map((card) => {
              const tag = STATUS_TAGS[card.status];
              const selectable = selection && isPushable(card.status);
              const actions = editActionsOf(card, user.username);
              return (
                <section key={card.id} className="fp-push-tile" data-card-id={card.id} aria-label={t('push.list.cardLabel', { id: card.id })}>
                  <div className="fp-push-tile-top">
                    {selection ? (
                      <Tooltip title={selectable ? undefined : t('push.list.notPushable')}>
                        <Checkbox
                          checked={selection.selected.has(card.id)}
                          disabled={!selectable}
                          onChange={(e) => toggle(card, e.target.checked)}
                          aria-label={t('push.list.select', { id: card.id })}
                          aria-describedby={selectable ? undefined : notPushableId}
                        >
                          {t('push.list.selectShort')}
                        </Checkbox>
                      </Tooltip>
                    ) : (
                      <span />
                    )}
                    {tag ? <Tag color={tag.color}>{t(tag.label)}</Tag> : null}
                  </div>
                  <CardItem card={card} className="fp-push-card" />
                  <div className="fp-push-tile-meta">
                    <span>{t('push.list.createdBy', { user: card.createBy })}</span>
                    {card.lastPushTime ? <span>{t('push.list.lastPush', { time: formatTime(card.lastPushTime) })}</span> : null}
                    {'pushTime' in card && typeof card.pushTime === 'string' ? (
                      <span data-testid="push-due">{t('push.list.due', { time: formatTime(card.pushTime) })}</span>
                    ) : null}
                  </div>
                  <div className="fp-push-tile-actions">
                    {itemTop?.(card)}
                    <Space size={4} wrap>
                      {itemButtons?.(card)}
                      {actions.edit ? (
                        <Button size="small" icon={<EditOutlined />} onClick={() => openEditor(card, false)} disabled={!editPath}>
                          {t('push.action.edit')}
                        </Button>
                      ) : null}
                      {actions.copy ? (
                        <Tooltip title={actions.edit ? undefined : t('push.list.copyOthersDraft', { user: card.createBy })}>
                          <Button size="small" icon={<CopyOutlined />} onClick={() => openEditor(card, true)} disabled={!editPath}>
                            {t('push.action.copy')}
                          </Button>
                        </Tooltip>
                      ) : null}
                      {canDelete(screen, card, user.username) ? (
                        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(card)}>
                          {t('push.action.delete')}
                        </Button>
                      ) : null}
                    </Space>
                  </div>
                </section>
              );
            })}
          </div>
        )}
      </Spin>

      <Pager page={page} total={total} onChange={setPage} data-testid="card-pagination" />
    </div>
  );
}
