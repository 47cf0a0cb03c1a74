import type { zh as messaging } from './messaging';
import type { zh as feed } from './feed';
import type { zh as analytics } from './analytics';
import type { zh as admin } from './admin';
import type { zh as apps } from './apps';
import type { zh as push } from './push';
import type { zh as centre } from './app-centre';
import type { zh as customers } from './customers';
import type { zh as activity } from './activity';
import type { zh as market } from './market';
import type { zh as intelligence } from './intelligence';
import type { zh as content } from './content';
import type { zh as meetings } from './meetings';
import type { zh as surveys } from './surveys';
import type { zh as setup } from './setup';

/**
 * The keys of every area's labels. Only types here: an area's labels are downloaded with the
 * screens that show them (each module that shows them imports ../areas/<area>; the phone and
 * share pages add their own), not with the entry (bundle budgets, docs/decisions/0016).
 */
export type AreaLabelKey =
  | keyof typeof messaging
  | keyof typeof feed
  | keyof typeof analytics
  | keyof typeof admin
  | keyof typeof apps
  | keyof typeof push
  | keyof typeof centre
  | keyof typeof customers
  | keyof typeof activity
  | keyof typeof market
  | keyof typeof intelligence
  | keyof typeof content
  | keyof typeof meetings
  | keyof typeof surveys
  | keyof typeof setup;

/** One area's labels module: the same keys in zh and en. */
export interface AreaLabels {
  zh: Record<string, string>;
  en: Record<string, string>;
}
