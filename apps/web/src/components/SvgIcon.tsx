import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/*
 * An icon of antd's set drawn from its bare SVG definition (`@ant-design/icons-svg/es/asn/*`),
 * without `@ant-design/icons`' component, context and colour helpers: for the screens that load
 * no antd (the sign-in page, the start-up guard, the phone page; bundle budgets,
 * docs/decisions/0016). Same size and alignment as antd's icons (`.anticon`). Each screen imports
 * the definitions it draws (`import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined'`),
 * so every page downloads its own icons only.
 */

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(
    node.tag,
    { ...node.attrs, key },
    node.children?.map((child, index) => render(child, index)),
  );
}

export function SvgIcon({ icon, className = '', spin = false, label }: { icon: IconDefinition; className?: string; spin?: boolean; label?: string }) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span
      className={`anticon fp-icon${spin ? ' anticon-spin' : ''} ${className}`.trim()}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {createElement(
        root.tag,
        { ...root.attrs, width: '1em', height: '1em', fill: 'currentColor' },
        root.children?.map((child, index) => render(child, index)),
      )}
    </span>
  );
}
