import { MESSAGING_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The messaging messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(MESSAGING_MESSAGES);
