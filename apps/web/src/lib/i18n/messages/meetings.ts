import { MEETING_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The meetings messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(MEETING_MESSAGES);
