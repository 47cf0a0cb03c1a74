import type { Plugin } from 'vite';
import { replaceImport, throwingStandIn } from './replace-import.ts';

const CARD = /[\\/]node_modules[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/;
const TABS_IMPORT = "import Tabs from '../tabs';";

/**
 * antd's Card imports Tabs for its `tabList` header (10.4 KB gzip with @rc-component/tabs), so
 * every page with a Card downloads them; no screen of the portal gives a Card tabs (a test walks
 * the sources, card-without-tabs.test.ts). The build gives Card a stand-in that says so if one
 * ever does, and Tabs stays with the screens that show tabs (docs/decisions/0031).
 */
export function cardWithoutTabs(): Plugin {
  const name = 'card-without-tabs';
  return replaceImport({ name, module: CARD, what: "antd's Card", importLine: TABS_IMPORT, replacement: throwingStandIn('Tabs', 'Card tabList is left out of this build', name, 'use Tabs inside the card') });
}

/** Card's props that show its tabs header. */
export const CARD_TAB_PROPS = ['tabList', 'activeTabKey', 'defaultActiveTabKey', 'tabBarExtraContent', 'onTabChange', 'tabProps'] as const;
