import { MESSAGES } from '@field-portal/shared';
import { addLabels, addMessages } from './index';
import * as messaging from './labels/messaging';
import * as feed from './labels/feed';
import * as analytics from './labels/analytics';
import * as admin from './labels/admin';
import * as apps from './labels/apps';
import * as push from './labels/push';
import * as centre from './labels/app-centre';
import * as customers from './labels/customers';
import * as activity from './labels/activity';
import * as market from './labels/market';
import * as intelligence from './labels/intelligence';
import * as content from './labels/content';
import * as meetings from './labels/meetings';
import * as surveys from './labels/surveys';

/**
 * Every area's labels and messages, for the console's pages. Imported by the console's layout, so they arrive
 * with it after sign-in and are in place before any page inside it renders; the login route and
 * the phone page do not download them (bundle budgets, docs/decisions/0016).
 */
addMessages(MESSAGES);
addLabels(messaging, feed, analytics, admin, apps, push, centre, customers, activity, market, intelligence, content, meetings, surveys);
