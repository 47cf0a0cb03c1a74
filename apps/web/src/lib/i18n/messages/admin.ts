import { ADMIN_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The admin messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(ADMIN_MESSAGES);
