import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

type TextType = 'secondary' | 'danger' | 'success' | 'warning';

/**
 * A line of text in the theme's colours, as antd's Typography.Text shows it for `type` and
 * `strong`, without Typography's code (6.5 KB gzip: ellipsis, copy and edit, which these pages
 * do not use). For more than colour and weight, use Typography.
 */
export function Text({ type, strong, style, children, ...rest }: { type?: TextType; strong?: boolean; style?: CSSProperties; children?: ReactNode; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  const color = type === 'secondary' ? token.colorTextDescription : type === 'danger' ? token.colorError : type === 'success' ? token.colorSuccess : type === 'warning' ? token.colorWarning : undefined;
  return (
    <span style={{ color, ...style }} {...rest}>
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}
