import { FEED_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The feed messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(FEED_MESSAGES);
