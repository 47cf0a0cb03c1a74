import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from './antd-providers';

afterEach(async () => {
  cleanup();
  await setLang('zh');
});

describe('AntdProviders', () => {
  it("names a password field's eye by what it shows, in the language shown", async () => {
    const { rerender } = render(
      <AntdProviders>
        <Input.Password aria-label="新密码" />
      </AntdProviders>,
    );
    const eye = screen.getByRole('button', { name: '显示密码' });
    expect(eye.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(eye);
    expect(screen.getByRole('button', { name: '隐藏密码' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('新密码').getAttribute('type')).toBe('text');

    await setLang('en');
    rerender(
      <AntdProviders>
        <Input.Password aria-label="New password" />
      </AntdProviders>,
    );
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });
});
