import { BATCH_PUSH_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The batch-push messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(BATCH_PUSH_MESSAGES);
