import type { CSSProperties, ReactNode } from 'react';
// antd's token hook (what `theme.useToken` returns): the `theme` object would bring its dark and compact algorithms (1 KB gzip).
import useToken from 'antd/es/theme/useToken';
import type { GlobalToken } from 'antd';

type TextType = 'secondary' | 'danger' | 'success' | 'warning';

function colourOf(token: GlobalToken, type: TextType | undefined): string | undefined {
  // the text shades (AA contrast, docs/decisions/0044), as Typography uses: colorSuccess is an icon's colour
  return type === 'secondary' ? token.colorTextDescription : type === 'danger' ? token.colorErrorText : type === 'success' ? token.colorSuccessText : type === 'warning' ? token.colorWarningText : undefined;
}

/**
 * A line of text in the theme's colours, as antd's Typography.Text shows it for `type`, `strong`
 * and a plain `ellipsis`, without Typography's code (6.5 KB gzip: measured ellipsis, copy and
 * edit, which these pages do not use). For more, use Typography.
 */
export function Text({
  type,
  strong,
  ellipsis,
  style,
  children,
  ...rest
}: {
  type?: TextType;
  strong?: boolean;
  /** One line cut with an ellipsis, as Typography.Text's `ellipsis` without a tooltip does it (with CSS). */
  ellipsis?: boolean;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
  'aria-busy'?: boolean;
}) {
  const [, token] = useToken();
  const color = colourOf(token, type) ?? token.colorText;
  const cut: CSSProperties | undefined = ellipsis ? { display: 'inline-block', maxWidth: '100%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' } : undefined;
  return (
    <span style={{ color, ...cut, ...style }} {...rest}>
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}

/**
 * A paragraph as antd's Typography.Paragraph shows it with `type` (a block with a 1em margin
 * below, in the type's colour), without Typography's code (docs/decisions/0031).
 */
export function Paragraph({ type, style, className, children }: { type?: TextType; style?: CSSProperties; className?: string; children?: ReactNode }) {
  const [, token] = useToken();
  return (
    <div className={className} style={{ color: colourOf(token, type) ?? token.colorText, marginBottom: '1em', wordBreak: 'break-word', ...style }}>
      {children}
    </div>
  );
}

/**
 * A heading as antd's Typography.Title shows it (the theme's heading size, line height, colour
 * and weight, 0.5em below), without Typography's code (docs/decisions/0031).
 */
export function Title({ level = 1, style, children }: { level?: 1 | 2 | 3 | 4 | 5; style?: CSSProperties; children?: ReactNode }) {
  const [, token] = useToken();
  const Heading = `h${level}` as const;
  return (
    <Heading
      style={{
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}
