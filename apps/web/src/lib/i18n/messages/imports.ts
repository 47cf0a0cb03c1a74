import { IMPORTS_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The import centre's messages, added when its screen loads (docs/decisions/0016).
addMessages(IMPORTS_MESSAGES);
