import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataCollectionRequest } from '@field-portal/shared';
import '@/lib/i18n';
import { RequestTable } from './RequestTable';
import { standInResizeObserver } from '@/test-resize-observer';

// The attachment's download goes through the HTTP client; nothing here downloads.
vi.mock('../api/datacollection-api', () => ({ saveAttachment: vi.fn() }));

const request: DataCollectionRequest = {
  id: 7,
  createdBy: 'rep01',
  sourcePlatform: '医院 HIS',
  content: '门诊量数据,按月,2025 年起',
  remarks: '请按科室拆分',
  realTime: false,
  contactName: '王伟',
  contactPhone: '13800138000',
  wechat: 'wangwei_hz',
  qq: '',
  fileName: null,
  fileSize: null,
  status: 'delivered',
  reply: '已按科室交付',
  handledBy: 'admin',
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-21T03:30:00.000Z',
};

beforeAll(standInResizeObserver);
afterEach(cleanup);

describe('a data request list', () => {
  it('opens a request whole from its id, with the fields the list leaves out, even where the row has nothing else to press', () => {
    render(
      <RequestTable
        data={{ total: 1, result: [request] }}
        loading={false}
        page={{ pageNum: 1, limitNum: 10 }}
        onPage={() => {}}
        showRequester
        actions={() => null}
      />,
    );
    // the remarks and WeChat are not in the list
    expect(screen.queryByText('请按科室拆分')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看申请 #7' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('数据定制申请 #7')).toBeTruthy();
    expect(within(dialog).getByText('请按科室拆分')).toBeTruthy();
    expect(within(dialog).getByText('wangwei_hz')).toBeTruthy();
    expect(within(dialog).getByText('已按科室交付')).toBeTruthy();
    expect(within(dialog).getByText('已交付')).toBeTruthy();
    // an empty field reads as a dash, not as nothing
    const qq = within(dialog).getByText('QQ 号').closest('tr') as HTMLElement;
    expect(within(qq).getByText('—')).toBeTruthy();
  });
});
