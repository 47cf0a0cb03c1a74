import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatePickerWhenReached, RangePickerWhenReached } from './DateFieldsWhenReached';
import { InputNumberWhenReached } from './InputNumberWhenReached';

beforeAll(() => {
  // jsdom has no ResizeObserver; antd's picker popup only needs it to exist here.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(cleanup);

describe('DatePickerWhenReached', () => {
  it('shows the value in its format before the picker has loaded, then opens antd’s picker with the same value on a click', { timeout: 30_000 }, async () => {
    const { container } = render(<DatePickerWhenReached id="visitTime" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={dayjs('2026-11-24T09:05:00')} onChange={() => undefined} />);
    const standIn = container.querySelector<HTMLInputElement>('#visitTime')!;
    expect(standIn.value).toBe('2026-11-24 09:05');
    expect(standIn.readOnly).toBe(true);
    // sized as the picker sizes its input: the format's length and two characters
    expect(standIn.size).toBe(18);
    expect(container.querySelector('.ant-picker')).toBeNull();

    fireEvent.click(standIn);
    // the first import of antd's picker is transformed on the spot: allow it time
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull(), { timeout: 15_000 });
    expect(container.querySelector<HTMLInputElement>('.ant-picker input')!.value).toBe('2026-11-24 09:05');
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
  });

  it('shows antd’s placeholder when empty', () => {
    render(<DatePickerWhenReached format="YYYY-MM-DD" placeholder="pick a day" />);
    expect(screen.getByPlaceholderText('pick a day')).toBeTruthy();
  });
});

describe('InputNumberWhenReached', () => {
  it('shows the value, then is antd’s InputNumber once focused, which reports what is typed', { timeout: 30_000 }, async () => {
    const onChange = vi.fn();
    const { container } = render(<InputNumberWhenReached id="duration" min={0} max={86_400} value={90} onChange={onChange} />);
    const standIn = container.querySelector<HTMLInputElement>('#duration')!;
    expect(standIn.value).toBe('90');
    expect(container.querySelector('.ant-input-number')).toBeNull();

    fireEvent.focus(standIn);
    await waitFor(() => expect(container.querySelector('.ant-input-number')).not.toBeNull(), { timeout: 15_000 });
    const real = container.querySelector<HTMLInputElement>('.ant-input-number input')!;
    expect(real.value).toBe('90');
    fireEvent.change(real, { target: { value: '120' } });
    expect(onChange).toHaveBeenCalledWith(120);
  });
});

describe('RangePickerWhenReached', () => {
  it('shows the range (or the two placeholders) with an arrow, then antd’s RangePicker with the same days, open, on a click', { timeout: 30_000 }, async () => {
    const { container, rerender } = render(<RangePickerWhenReached aria-label="range" placeholder={['from', 'to']} />);
    const standIn = screen.getByRole('textbox', { name: 'range' }) as HTMLInputElement;
    expect(standIn.readOnly).toBe(true);
    expect(standIn.value).toBe('');
    expect(standIn.placeholder).toBe('from  →  to');
    rerender(<RangePickerWhenReached aria-label="range" value={[dayjs('2026-11-01'), dayjs('2026-11-24')]} />);
    expect(standIn.value).toBe('2026-11-01  →  2026-11-24');
    expect(container.querySelector('.ant-picker-range')).toBeNull();

    fireEvent.click(standIn);
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull(), { timeout: 15_000 });
    const inputs = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([...inputs].map((input) => input.value)).toEqual(['2026-11-01', '2026-11-24']);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
  });
});
