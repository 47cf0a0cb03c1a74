import { cleanup, screen } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardFileUrl, message, type CardContent } from '@field-portal/shared';
import '@/lib/i18n';
import { CardItem, type CardItemCard } from './CardItem';

// Card files are fetched through the HTTP client (they need the bearer token).
const get = vi.hoisted(() => vi.fn(async (_url: string, _config?: unknown) => ({ data: new Blob(['x'], { type: 'image/png' }) })));
vi.mock('@/lib/http', () => ({ http: { get } }));

const FILE = (n: number) => cardFileUrl(`00000000-0000-4000-8000-00000000000${n}`);

const content = (over: Partial<CardContent> = {}): CardContent => ({
  type: 2,
  selectValue: 'study',
  BU: 'PC_All',
  titleName: '新药学习',
  zhaiyao: '适应症与用法',
  author: '运营',
  imageUrl: FILE(0),
  imageUrl1: FILE(1),
  imageUrl2: FILE(2),
  imageUrl3: FILE(3),
  linkValue: 'https://example.com/article',
  fileList: [],
  createTime: '2026-05-01 10:30:00',
  ...over,
});

function show(card: CardItemCard, placeholders = false) {
  return renderWithQueries(<CardItem card={card} placeholders={placeholders} />);
}

beforeAll(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:card-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe('CardItem', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 3],
    [4, 0],
  ])('renders type %i with avatar, title, summary, author, time, id and %i image(s)', async (type, images) => {
    const { container } = show({ id: 42, content: JSON.stringify(content({ type })) });
    const item = container.querySelector('article')!;
    expect(item.dataset.cardType).toBe(String(type));
    expect(screen.getByRole('heading', { name: '新药学习' })).toBeTruthy();
    expect(screen.getByText('适应症与用法')).toBeTruthy();
    expect(screen.getByText('运营')).toBeTruthy();
    expect(screen.getByText('2026-05-01 10:30')).toBeTruthy();
    expect(screen.getByText('卡片ID:42')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '头像' })).toBeTruthy();
    expect(container.querySelectorAll('.fp-card-item-picture')).toHaveLength(images);
    // images are fetched with the token and shown from object URLs
    await vi.waitFor(() => expect(container.querySelector('img.fp-card-item-avatar')?.getAttribute('src')).toMatch(/^blob:card-/));
    expect(get).toHaveBeenCalledWith(FILE(0), expect.objectContaining({ responseType: 'blob' }));
  });

  it('type 0 is a video card with a play badge over its cover; type 1 has the thumbnail beside the text', () => {
    const video = show({ id: 1, content: content({ type: 0 }) });
    expect(video.container.querySelector('.fp-card-item-video .fp-card-item-play')).toBeTruthy();
    cleanup();
    const article = show({ id: 1, content: content({ type: 1 }) });
    expect(article.container.querySelector('.fp-card-item-article .fp-card-item-picture.is-thumb')).toBeTruthy();
  });

  it('says "card format is wrong" for any other type or unreadable content', () => {
    show({ id: 9, content: JSON.stringify(content({ type: 9 as never })) });
    expect(screen.getByText(message('card.formatWrong', 'zh'))).toBeTruthy();
    expect(screen.getByText('卡片格式错误')).toBeTruthy();
    cleanup();
    show({ id: 10, content: '{not json' });
    expect(screen.getByText('卡片格式错误')).toBeTruthy();
  });

  it('links the title only to http and https, in a new tab without opener or referrer', () => {
    show({ id: 1, content: content() });
    const link = screen.getByRole('link', { name: '新药学习' });
    expect(link.getAttribute('href')).toBe('https://example.com/article');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'http://'])(
    'does not render %j as a link',
    (linkValue) => {
      const { container } = show({ id: 1, content: { ...content(), linkValue } });
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.querySelector('a[href]')).toBeNull();
      expect(screen.getByRole('heading', { name: '新药学习' })).toBeTruthy();
    },
  );

  it('never fetches an image url that is not a card file (the token stays home)', async () => {
    get.mockClear();
    const { container } = show({ id: 1, content: content({ imageUrl: 'https://evil.example/a.png', imageUrl1: '//evil.example/b.png' }) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(get).not.toHaveBeenCalled();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the attachment by name', () => {
    show({ id: 1, content: content({ linkValue: 'http://', fileList: [{ name: '说明.pdf', url: FILE(5) }] }) });
    expect(screen.getByRole('button', { name: /说明\.pdf/ })).toBeTruthy();
  });

  it('a preview fills an empty title, date and source with placeholders', () => {
    show({ content: { type: 4, titleName: '', author: '', zhaiyao: '正文' } }, true);
    expect(screen.getByRole('heading', { name: '标题' })).toBeTruthy();
    expect(screen.getByText('来源')).toBeTruthy();
    expect(screen.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeTruthy();
  });
});
