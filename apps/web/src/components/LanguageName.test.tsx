import { cleanup, render, screen } from '@testing-library/react';
import { Select } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { standInResizeObserver } from '@/test-resize-observer';
import '@/lib/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { languageOptions } from './LanguageName';

beforeAll(standInResizeObserver);
afterEach(cleanup);

describe('a language named in itself', () => {
  it('is marked with its own language and as data, in the switch and in a list to choose from', async () => {
    render(<LanguageSwitch />);
    expect(screen.getByText('中文').closest('[lang]')?.getAttribute('lang')).toBe('zh');
    expect(screen.getByText('English').closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByText('English').closest('[translate="no"]')).not.toBeNull();
    cleanup();

    render(<Select aria-label="语言" open value="en" options={languageOptions()} />);
    const shown = await screen.findAllByText('English');
    // the chosen value and the option in the open list
    expect(shown).toHaveLength(2);
    for (const name of shown) expect(name.closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByText('中文').closest('[lang]')?.getAttribute('lang')).toBe('zh');
  });
});
