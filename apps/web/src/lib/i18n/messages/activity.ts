import { ACTIVITY_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The activity messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(ACTIVITY_MESSAGES);
