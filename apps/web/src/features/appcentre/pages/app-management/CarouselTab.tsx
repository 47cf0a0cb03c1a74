import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Space, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CarouselRecord } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { messageText as catalogue } from '@/lib/i18n';
import { useAppCentreWords } from '../../i18n';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { managementApi } from '../../management-api';
import { AppImage } from '../../components/AppImage';
import { moveItem } from '../../move-item';
import '@/components/crud/crud.css';
import { EmptyState } from '@/components/EmptyState';
import './app-management.css';

/** The add/edit dialog (Modal, Form, the image upload) loads when first opened. */
const CarouselDialog = lazyDialog(() => import('./CarouselDialog').then((m) => m.CarouselDialog));

/** The app centre's carousel: its pictures in order, moved up and down, added, edited and deleted. */
export function CarouselTab() {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['apps', 'carousel'], queryFn: managementApi.carousels });
  // What the dialog edits (null for a new picture), set when it opens.
  const [editing, setEditing] = useState<{ row: CarouselRecord | null } | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);

  const refresh = () => client.invalidateQueries({ queryKey: ['apps', 'carousel'] });
  const fail = (error: unknown) => void message.error(describeFailure(error, lang));
  const open = (row: CarouselRecord | null) => setEditing({ row });
  const move = async (index: number, delta: number) => {
    const ids = moveItem(list.data ?? [], index, delta).map((c) => c.id);
    try {
      await managementApi.sortCarousels(ids);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (id: number) => {
    try {
      await managementApi.deleteCarousel(id);
      void message.success(catalogue('apps.deleted', lang));
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const items = list.data ?? [];

  return (
    <Card
      className="fp-apps-screen"
      title={t('apps.carousel.title')}
      data-screen="carousel"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('apps.action.add')}
        </Button>
      }
    >
      {items.length === 0 && !list.isPending ? <EmptyState /> : null}
      <ol className="fp-apps-carousel" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((c, i) => (
          <li key={c.id} className="fp-apps-carousel-item" data-carousel={c.title}>
            <Tag>{i + 1}</Tag>
            <AppImage url={c.image} alt={c.title} kind="banner" />
            <div className="fp-apps-carousel-text">
              <div className="fp-apps-carousel-title">
                {c.title} {c.enabled ? null : <Tag>{t('apps.carousel.hidden')}</Tag>}
              </div>
              <div className="fp-apps-muted">{c.link || t('apps.carousel.noLink')}</div>
            </div>
            <Space size={0}>
              <Button
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('apps.carousel.up', { title: c.title })}
                onClick={() => void move(i, -1)}
              />
              <Button
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={i === items.length - 1}
                aria-label={t('apps.carousel.down', { title: c.title })}
                onClick={() => void move(i, 1)}
              />
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(c)}>
                {t('apps.action.edit')}
              </Button>
              <ConfirmButton
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                question={t('apps.confirm.delete')}
                okText={t('apps.action.delete')}
                onConfirm={() => remove(c.id)}
              >
                {t('apps.action.delete')}
              </ConfirmButton>
            </Space>
          </li>
        ))}
      </ol>
      {dialogOpened ? (
        <CarouselDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
