import type { ReactNode } from 'react';
import { Popover } from 'antd';

/**
 * A figure with how it was computed beside it: the explanation opens on pointing at the figure and
 * on the keyboard's focus (the figure is a button, one stop of Tab), and a screen reader hears it
 * as the figure's description while it is open. Escape closes it (docs/decisions/0044).
 */
export function Explained({ title, explanation, children, testId }: { title: ReactNode; explanation: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Popover title={title} content={explanation} trigger={['hover', 'focus']}>
      <button type="button" className="fp-explained" data-testid={testId}>
        {children}
      </button>
    </Popover>
  );
}
