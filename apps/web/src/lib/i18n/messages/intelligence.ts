import { INTELLIGENCE_IMPACT_MESSAGES, INTELLIGENCE_MESSAGES, SUGGESTION_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The intelligence messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(INTELLIGENCE_MESSAGES, SUGGESTION_MESSAGES, INTELLIGENCE_IMPACT_MESSAGES);
