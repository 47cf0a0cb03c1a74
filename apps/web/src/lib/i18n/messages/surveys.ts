import { SURVEY_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The surveys messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(SURVEY_MESSAGES);
