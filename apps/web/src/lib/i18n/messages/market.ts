import { MARKET_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The market messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(MARKET_MESSAGES);
