import { useEffect, useRef } from 'react';
import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import PushpinFilled from '@ant-design/icons-svg/es/asn/PushpinFilled';
import { SvgIcon } from '@/components/SvgIcon';
import type { FeedItem } from '@field-portal/shared';
import { CardItem } from '@/features/cards';
import { formatTime } from '@/lib/format';
import { useFeedWords } from '@/features/feed/i18n';
import { readerLinkOf } from '../feed-view';
import { Tag } from './ui';

/** One card full screen, in the console's card renderer: its link opens in a new tab, its attachment downloads. */
export function CardReader({ item, onBack }: { item: FeedItem; onBack: () => void }) {
  const { t } = useFeedWords();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  const link = readerLinkOf(item.content);
  return (
    <div className="fp-m-reader" role="dialog" aria-modal="true" aria-label={item.title}>
      <header className="fp-m-bar">
        <button ref={back} type="button" className="fp-m-btn is-text" onClick={onBack}>
          <SvgIcon icon={ArrowLeftOutlined} />
          <span>{t('feed.back')}</span>
        </button>
        <span className="fp-m-reader-tags">
          {item.pinned ? (
            <Tag tone="orange" icon={<SvgIcon icon={PushpinFilled} />}>
              {t('feed.pinned')}
            </Tag>
          ) : null}
          {item.mustRead ? <Tag tone="red">{t('feed.mustRead')}</Tag> : null}
        </span>
      </header>
      <div className="fp-m-reader-body">
        {/* No id: the card id is the console's, not something field staff need to see. */}
        <CardItem card={{ content: item.content }} className="fp-m-reader-card" />
        {link ? (
          <div className="fp-m-reader-link">
            <a className="fp-m-btn is-ghost is-block" href={link} target="_blank" rel="noopener noreferrer">
              <SvgIcon icon={ExportOutlined} />
              <span>{t('feed.openLink')}</span>
            </a>
          </div>
        ) : null}
        <p className="fp-m-reader-meta">
          <span>{t('feed.sentAt', { time: formatTime(item.lastSentAt) })}</span>
          {item.firstOpenTime ? (
            <span className="fp-m-reader-read">
              <SvgIcon icon={CheckCircleFilled} /> {t('feed.openedAt', { time: formatTime(item.firstOpenTime) })}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
