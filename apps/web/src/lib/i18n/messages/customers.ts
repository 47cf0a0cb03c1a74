import { CUSTOMERS_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The customers messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(CUSTOMERS_MESSAGES);
