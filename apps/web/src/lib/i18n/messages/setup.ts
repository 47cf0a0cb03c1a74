import { SETUP_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The setup messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(SETUP_MESSAGES);
