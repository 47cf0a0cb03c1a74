import { ANALYTICS_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The analytics messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(ANALYTICS_MESSAGES);
