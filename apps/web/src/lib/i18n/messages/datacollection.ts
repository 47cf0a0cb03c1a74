import { DATA_COLLECTION_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The datacollection messages, added when the first screen that shows them loads (docs/decisions/0016).
addMessages(DATA_COLLECTION_MESSAGES);
