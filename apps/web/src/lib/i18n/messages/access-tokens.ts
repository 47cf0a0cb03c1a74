import { ACCESS_TOKEN_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The access tokens' messages, added when their screen loads (docs/decisions/0016).
addMessages(ACCESS_TOKEN_MESSAGES);
