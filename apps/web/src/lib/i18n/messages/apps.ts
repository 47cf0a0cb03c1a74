import { APPS_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The apps messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(APPS_MESSAGES);
