import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { standInResizeObserver } from '@/test-resize-observer';
import { VisitForm } from './VisitForm';

// Nothing is saved here; the form only needs the calls to exist.
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn(() => new Promise(() => {})),
  postResult: vi.fn(() => new Promise(() => {})),
}));

beforeAll(standInResizeObserver);

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await act(() => setLang('zh'));
});

function show() {
  renderWithQueries(
    <AntdProviders>
      <VisitForm scope="test" tabPath="/visit/test" doctor={{ id: 7, name: '赵丽萍' }} />
    </AntdProviders>,
  );
}

describe('VisitForm: a product row', () => {
  it('is removed with a named button that the keyboard reaches, in the language of the page', async () => {
    show();
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: '产品' })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /添加产品/ }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: '产品' })).toHaveLength(2));

    const removers = screen.getAllByRole('button', { name: '移除产品' });
    expect(removers).toHaveLength(2);
    for (const remover of removers) {
      expect(remover.tagName).toBe('BUTTON');
      expect(remover.tabIndex).toBe(0);
    }
    fireEvent.click(removers[1]!);
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: '产品' })).toHaveLength(1));

    await act(() => setLang('en'));
    expect(screen.getAllByRole('button', { name: 'Remove product' })).toHaveLength(1);
  });
});
