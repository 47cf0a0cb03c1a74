import { DOWNLOADS_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The downloads messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(DOWNLOADS_MESSAGES);
