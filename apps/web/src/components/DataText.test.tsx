import { cleanup, render } from '@testing-library/react';
import { Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { dataOptions } from './DataText';

afterEach(cleanup);

/** The element a chosen value's text stands in, and whether it (or what holds it) is marked as data. */
function chosen(container: HTMLElement, text: string): { shown: boolean; data: boolean } {
  const element = [...container.querySelectorAll('.ant-select-selection-item, .ant-select-content-value, [title]')]
    .flatMap((item) => [...item.querySelectorAll('*'), item])
    .find((item) => item.textContent === text && item.children.length === 0);
  return { shown: Boolean(element), data: Boolean(element?.closest('[translate="no"]')) };
}

describe('dataOptions', () => {
  it('marks values typed into a tags field as data, shown as written', () => {
    const { container } = render(<Select mode="tags" open={false} value={['高血压', '冠心病']} aria-label="indications" {...dataOptions} />);
    expect(chosen(container, '高血压')).toEqual({ shown: true, data: true });
    expect(chosen(container, '冠心病')).toEqual({ shown: true, data: true });
  });

  it('marks the chosen labels of a multiple select and of a single one', () => {
    const options = [
      { value: 1, label: '张伟 (rep01)' },
      { value: 2, label: '李娜 (rep02)' },
    ];
    const multiple = render(<Select mode="multiple" open={false} value={[2]} options={options} aria-label="people" {...dataOptions} />);
    expect(chosen(multiple.container, '李娜 (rep02)')).toEqual({ shown: true, data: true });
    cleanup();
    const single = render(<Select open={false} value={1} options={options} aria-label="person" {...dataOptions} />);
    expect(chosen(single.container, '张伟 (rep01)')).toEqual({ shown: true, data: true });
  });
});
