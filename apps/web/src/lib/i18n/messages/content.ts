import { CONTENT_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The content messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(CONTENT_MESSAGES);
