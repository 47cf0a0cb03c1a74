import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CardRecord } from '@field-portal/shared';
import { testQueryClient } from '@/test-render';
import { standInResizeObserver } from '@/test-resize-observer';
import '@/lib/i18n';
import { ReadDetailsDialog } from './ReadDetailsDialog';

// The dialog's one call, answered as the server does: two receivers of the card's latest push.
const get = vi.hoisted(() =>
  vi.fn(async (_url: string, _config?: unknown) => ({
    data: {
      status: 200,
      msg: 'ok',
      data: {
        status: 200,
        total: 2,
        data: [
          { receiverId: '10000004', receiverName: '代表1', event: 0, firstOpenTime: null },
          { receiverId: '10000009', receiverName: '代表6', event: 1, firstOpenTime: '2026-12-01T11:00:00.000Z' },
        ],
      },
    },
  })),
);
vi.mock('@/lib/http', () => ({ http: { get, post: vi.fn() }, describeFailure: () => 'failed' }));

const card: CardRecord = {
  id: 41,
  content: JSON.stringify({ type: 4, titleName: '炎症性肠病诊疗进展学习卡' }),
  status: 'publish',
  createBy: 'operator',
  createTime: '2026-11-22T00:00:00.000Z',
  updateTime: '2026-11-22T00:00:00.000Z',
  lastPushTime: '2026-11-28T09:00:00.000Z',
  pushId: 7,
  queueId: null,
  remark: null,
  source: '',
  template: '',
};

beforeAll(standInResizeObserver);
afterEach(cleanup);

describe('ReadDetailsDialog', () => {
  it('names the card and each receiver as data as written, inside its translated words', async () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <AntApp>
            <ReadDetailsDialog card={card} onClose={() => undefined} />
          </AntApp>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '阅读详情:炎症性肠病诊疗进展学习卡' });
    expect(screen.getByText('炎症性肠病诊疗进展学习卡').closest('[translate="no"]')).not.toBeNull();
    const name = await screen.findByText('代表6');
    expect(dialog.contains(name)).toBe(true);
    expect(name.closest('[translate="no"]')).not.toBeNull();
    // the interface's words around them are not marked
    expect(screen.getByText('已读').closest('[translate="no"]')).toBeNull();
  });
});
