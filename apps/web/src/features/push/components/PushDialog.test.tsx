import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '@/test-render';

import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, type CardRecord } from '@field-portal/shared';
import '@/lib/i18n';
import { PushDialog } from './PushDialog';
import { standInResizeObserver } from '@/test-resize-observer';

// The dialog's one call goes through the HTTP client; here it answers as the server does.
const post = vi.hoisted(() =>
  vi.fn(async (_url: string, _body?: unknown, _config?: unknown) => ({
    data: { status: 200, msg: 'ok', data: { pushId: 7, queue: [{ cardId: 41, queueId: 9 }] } },
  })),
);
// The directory's size (whom all staff reaches): 2,000 people.
const get = vi.hoisted(() => vi.fn(async (_url: string, _config?: unknown) => ({ data: { code: 200, msg: 'ok', result: { lists: [], total: 2000 } } })));
vi.mock('@/lib/http', () => ({ http: { post, get }, describeFailure: () => 'failed' }));

const card = (id: number, title: string): CardRecord => ({
  id,
  content: JSON.stringify({ type: 4, titleName: title }),
  status: 'created',
  createBy: 'operator',
  createTime: '2026-11-22T00:00:00.000Z',
  updateTime: '2026-11-22T00:00:00.000Z',
  lastPushTime: null,
  pushId: null,
  queueId: null,
  remark: null,
  source: '',
  template: '',
});

function show(cards: CardRecord[]) {
  const onPushed = vi.fn();
  const onClose = vi.fn();
  const client = testQueryClient();
  const tree = (open: boolean) => (
    <QueryClientProvider client={client}>
      <AntApp>
        <PushDialog open={open} cards={cards} onClose={onClose} onPushed={onPushed} />
      </AntApp>
    </QueryClientProvider>
  );
  const { rerender } = render(tree(true));
  const reopen = () => {
    rerender(tree(false));
    rerender(tree(true));
  };
  return { onPushed, onClose, reopen };
}

const pushButton = () => screen.getAllByRole('button').find((b) => /^推\s*送$/.test(b.textContent ?? ''))!;

beforeAll(standInResizeObserver);
afterEach(() => {
  cleanup();
  post.mockClear();
  get.mockClear();
});

// antd in jsdom renders slowly on a busy machine.
describe('PushDialog', { timeout: 60_000 }, () => {
  it('lists the selected cards and refuses a push without a time, with the spec message, calling nothing', async () => {
    show([card(41, '新药上市')]);
    expect(await screen.findByText('新药上市')).toBeTruthy();
    fireEvent.click(pushButton());
    expect((await screen.findAllByText('请选择上传时间')).length).toBeGreaterThan(0);
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses named staff without people', async () => {
    show([card(41, '新药上市')]);
    fireEvent.click(await screen.findByText('立即发送'));
    fireEvent.click(screen.getByLabelText('指定人员'));
    fireEvent.click(pushButton());
    expect((await screen.findAllByText('请添加指定人员')).length).toBeGreaterThan(0);
    expect(post).not.toHaveBeenCalled();
  });

  it('pushes now to all staff with the must-read defaults after confirming the count, then resets', async () => {
    const { onPushed, onClose, reopen } = show([card(41, '新药上市')]);
    fireEvent.click(await screen.findByText('立即发送'));
    fireEvent.click(await screen.findByRole('switch', { name: '卡片 41 必读' }));
    expect(((await screen.findByRole('spinbutton', { name: '卡片 41 未读时长' })) as HTMLInputElement).value).toBe('24');
    expect((screen.getByRole('spinbutton', { name: '卡片 41 最大推送次数' }) as HTMLInputElement).value).toBe('1');
    expect(screen.getByRole('switch', { name: '卡片 41 未读期间置顶' }).getAttribute('aria-checked')).toBe('false');
    expect(await screen.findByText('将推送给全部员工,共 2,000 人')).toBeTruthy();
    fireEvent.click(pushButton());
    // 2,000 people is above the threshold: asked again, nothing sent yet
    expect(await screen.findByText('此次推送将发送给全部员工, 共 2,000 人, 是否继续?')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button').find((b) => /确认推送/.test(b.textContent ?? ''))!);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe(API.push.pushCard);
    expect(body).toEqual({
      pushDate: 0,
      pushInfo: [{ id: 41, mustRead: true, keepOnTop: false, notReadTime: 24, pushNum: 1 }],
      receiver: [],
      remark: JSON.stringify({ scope: 0, top: false, permanent: false }),
    });
    await waitFor(() => expect(onPushed).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect((await screen.findAllByText('推送成功!')).length).toBeGreaterThan(0);
    // Opened again, the dialog has reset: must-read off and no time chosen.
    reopen();
    expect((await screen.findByRole('switch', { name: '卡片 41 必读' })).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('radio', { name: '立即发送' }) as HTMLInputElement).checked).toBe(false);
  });
});
