import { DATA } from '@/lib/data-text';
import type { ReactNode } from 'react';
import PaperClipOutlined from '@ant-design/icons-svg/es/asn/PaperClipOutlined';
import PlayCircleFilled from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import { hasCardLink, isSafeCardLink, type CardType } from '@field-portal/shared';
import { SvgIcon } from '@/components/SvgIcon';
import { formatTime as writeTime } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { fetchCardFile } from '../api/card-file';
import { isCardType } from '../templates';
import { CardImage } from './CardImage';
import './card-item.css';

/** A card as any screen holds it: the card calls' record, or the editor's content before saving. */
export interface CardItemCard {
  id?: number | string | null;
  /** content as the card calls carry it (JSON text), or already parsed. */
  content: unknown;
  createTime?: string | null;
}

export interface CardItemProps {
  card: CardItemCard;
  /** Preview: an empty title, date and source show placeholders (spec 000 section 2). */
  placeholders?: boolean;
  /** Controls a list puts on the item (selection, edit, delete, pin). */
  extra?: ReactNode;
  className?: string;
}

interface Shown {
  type: CardType;
  title: string;
  summary: string;
  author: string;
  time: string;
  avatar: string;
  images: [string, string, string];
  link: string | undefined;
  attachment: { name: string; url: string } | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function parsed(content: unknown): Record<string, unknown> | undefined {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The time a preview shows before the card has one: now. */
const nowText = () => writeTime(new Date());

function formatTime(value: string): string {
  if (!value) return '';
  // Plain dates: the phone's card viewer loads no date library (docs/decisions/0016).
  return writeTime(value) || value;
}

/** What a card shows, read defensively: content comes from storage or from a query string. */
function shownOf(card: CardItemCard): Shown | undefined {
  const content = parsed(card.content);
  if (!content || !isCardType(content.type)) return undefined;
  const link = text(content.linkValue).trim();
  const files = Array.isArray(content.fileList) ? (content.fileList as unknown[]) : [];
  const first = parsed(files[0]);
  return {
    type: content.type,
    title: text(content.titleName).trim(),
    summary: text(content.zhaiyao),
    author: text(content.author).trim(),
    time: formatTime(text(content.createTime) || (card.createTime ?? '')),
    avatar: text(content.imageUrl),
    images: [text(content.imageUrl1), text(content.imageUrl2), text(content.imageUrl3)],
    // Checked again where shown (SECURITY.md 1.2.2): only absolute http and https links.
    link: hasCardLink(link) && isSafeCardLink(link) ? link : undefined,
    attachment: first && text(first.url) ? { name: text(first.name) || text(first.url), url: text(first.url) } : undefined,
  };
}

/** Saves the attachment: fetched with the bearer token (the client reports a failure), handed over as a blob. */
async function download(file: { name: string; url: string }) {
  const blob = await fetchCardFile(file.url);
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = file.name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * One content card in its template's layout (spec 000 section 2): 0 video, 1 article,
 * 2 title and one image, 3 title and three images, 4 text. Each shows avatar, title,
 * summary, images, author, time and card id; any other type says the format is wrong.
 */
export function CardItem({ card, placeholders = false, extra, className }: CardItemProps) {
  const { t, msg } = useI18n();
  const shown = shownOf(card);
  const classes = ['fp-card-item', className].filter(Boolean).join(' ');
  if (!shown) {
    return (
      <article className={`${classes} is-wrong`} data-card-type="wrong">
        <p className="fp-card-item-wrong">{msg('card.formatWrong')}</p>
        {card.id ? <p className="fp-card-item-id">{t('cards.item.id', { id: String(card.id) })}</p> : null}
        {extra}
      </article>
    );
  }

  const title = shown.title || (placeholders ? t('cards.preview.placeholderTitle') : '');
  const time = shown.time || (placeholders ? nowText() : '');
  const author = shown.author || (placeholders ? t('cards.preview.placeholderSource') : '');
  const titleNode = shown.link ? (
    <a href={shown.link} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  ) : (
    title
  );
  // the card's own title, summary and author are data as written; the placeholders are labels
  const asData = (written: string) => (written ? DATA : {});
  const heading = (
    <h3 className="fp-card-item-title" {...asData(shown.title)}>
      {titleNode}
    </h3>
  );
  const summary = shown.summary ? (
    <p className="fp-card-item-summary" {...DATA}>
      {shown.summary}
    </p>
  ) : null;
  const image = (index: 0 | 1 | 2, extraClass = '') => (
    <CardImage url={shown.images[index]} alt={t('cards.item.image', { n: index + 1 })} className={`fp-card-item-picture ${extraClass}`} />
  );

  let body: ReactNode;
  switch (shown.type) {
    case 0:
      body = (
        <>
          {heading}
          <div className="fp-card-item-video">
            {image(0, 'is-wide')}
            <span className="fp-card-item-play" aria-label={t('cards.item.video')}>
              <SvgIcon icon={PlayCircleFilled} />
            </span>
          </div>
          {summary}
        </>
      );
      break;
    case 1:
      body = (
        <div className="fp-card-item-article">
          <div className="fp-card-item-article-text">
            {heading}
            {summary}
          </div>
          {image(0, 'is-thumb')}
        </div>
      );
      break;
    case 2:
      body = (
        <>
          {heading}
          {image(0, 'is-wide')}
          {summary}
        </>
      );
      break;
    case 3:
      body = (
        <>
          {heading}
          <div className="fp-card-item-three">
            {image(0, 'is-square')}
            {image(1, 'is-square')}
            {image(2, 'is-square')}
          </div>
          {summary}
        </>
      );
      break;
    case 4:
      body = (
        <>
          {heading}
          {shown.summary ? (
            <p className="fp-card-item-body" {...DATA}>
              {shown.summary}
            </p>
          ) : null}
        </>
      );
      break;
  }

  return (
    <article className={classes} data-card-type={shown.type}>
      <header className="fp-card-item-head">
        <CardImage url={shown.avatar} alt={t('cards.item.avatar')} className="fp-card-item-avatar" fallback="person" />
        <div className="fp-card-item-byline">
          <span className="fp-card-item-author" {...asData(shown.author)}>
            {author}
          </span>
          <time className="fp-card-item-time">{time}</time>
        </div>
      </header>
      {body}
      {shown.attachment ? (
        <button type="button" className="fp-card-item-attachment" onClick={() => void download(shown.attachment!).catch(() => undefined)}>
          <SvgIcon icon={PaperClipOutlined} />
          <span {...DATA}>{shown.attachment.name}</span>
        </button>
      ) : null}
      <footer className="fp-card-item-foot">
        <span className="fp-card-item-id">{card.id ? t('cards.item.id', { id: String(card.id) }) : ''}</span>
        {extra}
      </footer>
    </article>
  );
}
