import { HTTP } from '@field-portal/shared';

export type ToastLevel = 'info' | 'success' | 'warning' | 'error';

const open = new Map<string, { node: HTMLElement; timer: ReturnType<typeof setTimeout> }>();

function container(): HTMLElement {
  let node = document.getElementById('fp-toasts');
  if (!node) {
    node = document.createElement('div');
    node.id = 'fp-toasts';
    node.className = 'fp-toasts';
    document.body.appendChild(node);
  }
  return node;
}

/**
 * A toast without any component library: the phone page's notices, and the HTTP client's until
 * the console's antd App context takes over (lib/http). Lasts the spec's 5000 ms (spec 000
 * section 9, 001 section 8); the same text shown again restarts its time instead of stacking.
 */
export function showToast(level: ToastLevel, text: string, durationMs: number = HTTP.toastMs): void {
  if (typeof document === 'undefined') return;
  const current = open.get(text);
  if (current) clearTimeout(current.timer);
  const node = current?.node ?? document.createElement('div');
  if (!current) {
    node.className = `fp-toast is-${level}`;
    node.setAttribute('role', level === 'error' || level === 'warning' ? 'alert' : 'status');
    node.textContent = text;
    container().appendChild(node);
  }
  const timer = setTimeout(() => {
    node.remove();
    open.delete(text);
  }, durationMs);
  open.set(text, { node, timer });
}
