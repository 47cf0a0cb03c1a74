import type { ThemeConfig } from 'antd';
// Every component's styles as one stylesheet (zero run time, below).
import './antd-styles.css';

/**
 * antd's theme for the console and the analytics share page (one source for both). WCAG 2.1 AA
 * (docs/decisions/0044): text at least 4.5:1 on white, the table headers' #fafafa and the page's
 * #f3f5f9; antd's defaults give 3.4:1 (secondary), 1.8:1 (placeholders), 3.3:1 (red links) and
 * 2.3:1 (success text).
 */
export const THEME: ThemeConfig = {
  // antd's components take their styles from antd/dist/antd.css instead of computing and inserting
  // them as each first renders (docs/decisions/0055); the tokens below arrive as CSS variables.
  zeroRuntime: true,
  token: {
    colorPrimary: '#1d5fd1',
    colorInfo: '#1d5fd1',
    // Pointed at, a link and a primary button go darker, not lighter: antd's lighter hover blue gave
    // a link 3.9:1 on a hovered row and white text 3.9:1 on a button; this one 7.0:1 and 7.4:1.
    colorPrimaryHover: '#1850b5',
    colorLinkHover: '#1850b5',
    colorTextTertiary: '#5f6673',
    colorTextDescription: '#5f6673',
    colorTextPlaceholder: '#6b6b6b',
    colorError: '#cf1322',
    // Typography's success and warning types (colorSuccess stays an icon's and a border's colour)
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
