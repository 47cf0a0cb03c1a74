// antd's token hook (what `theme.useToken` returns): the `theme` object would bring its dark and compact algorithms (1 KB gzip).
import useToken from 'antd/es/theme/useToken';
import { formatCount } from '@/lib/format';

/**
 * A title over a number, as antd's Statistic shows it (the title in the description colour, the
 * number at heading size with thousands separated), without Statistic's code (about 2 KB gzip:
 * countdowns, prefixes, value styles) for screens that show a plain figure.
 */
export function Figure({ title, value }: { title: string; value: number }) {
  const [, token] = useToken();
  return (
    <div>
      <div style={{ marginBottom: token.marginXXS, color: token.colorTextDescription, fontSize: token.fontSize }}>{title}</div>
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>{formatCount(value)}</div>
    </div>
  );
}
