import type { Plugin } from 'vite';

const CARD = /[\\/]node_modules[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/;
const TABS_IMPORT = "import Tabs from '../tabs';";

/**
 * antd's Card imports Tabs for its `tabList` header (10.4 KB gzip with @rc-component/tabs), so
 * every page with a Card downloads them; no screen of the portal gives a Card tabs (a test walks
 * the sources, card-without-tabs.test.ts). The build gives Card a stand-in that says so if one
 * ever does, and Tabs stays with the screens that show tabs (docs/decisions/0031).
 */
export function cardWithoutTabs(): Plugin {
  return {
    name: 'field-portal:card-without-tabs',
    apply: 'build',
    transform(code, id) {
      if (!CARD.test(id.split('?')[0]!)) return null;
      if (!code.includes(TABS_IMPORT)) throw new Error(`antd's Card no longer imports Tabs as "${TABS_IMPORT}": review build/card-without-tabs.ts`);
      return {
        code: code.replace(TABS_IMPORT, "const Tabs = () => { throw new Error('Card tabList is left out of this build (apps/web/build/card-without-tabs.ts): use Tabs inside the card'); };"),
        map: null,
      };
    },
  };
}

/** Card's props that show its tabs header. */
export const CARD_TAB_PROPS = ['tabList', 'activeTabKey', 'defaultActiveTabKey', 'tabBarExtraContent', 'onTabChange', 'tabProps'] as const;
