import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { ConfirmButton } from './ConfirmButton';

afterEach(async () => {
  cleanup();
  await setLang('zh');
});

function renderButton(onConfirm: () => unknown, onRowClick = vi.fn()) {
  render(
    <AntdProviders>
      <div onClick={onRowClick}>
        <ConfirmButton danger question="删除用户 rep01?" detail="删除后不可恢复。" onConfirm={onConfirm} stopPropagation>
          删除
        </ConfirmButton>
      </div>
    </AntdProviders>,
  );
  return onRowClick;
}

describe('ConfirmButton', () => {
  it('asks in a dialog with the focus on its confirming button, and acts only when confirmed', async () => {
    const onConfirm = vi.fn();
    const onRowClick = renderButton(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除用户 rep01?');
    expect(dialog.textContent).toContain('删除后不可恢复。');
    const ok = screen.getByRole('button', { name: /确\s*定/ });
    await waitFor(() => expect(document.activeElement).toBe(ok));
    expect(ok.className).toContain('ant-btn-dangerous');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(ok);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('does nothing when cancelled', async () => {
    const onConfirm = vi.fn();
    renderButton(onConfirm);
    const trigger = screen.getByRole('button', { name: /删\s*除/ });
    trigger.focus();
    fireEvent.click(trigger);
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    // (The focus going back to the button as the dialog closes needs a browser: the accessibility journey checks it.)
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('speaks English when the portal does', async () => {
    await setLang('en');
    renderButton(vi.fn());
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'OK' }).textContent).toBe('OK');
    expect(screen.getByRole('button', { name: 'Cancel' }).textContent).toBe('Cancel');
  });
});
