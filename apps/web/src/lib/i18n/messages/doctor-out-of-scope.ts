import { DOCTOR_OUT_OF_SCOPE_MESSAGES } from '@field-portal/shared';
import { addMessages } from '../index';

// The marker of a doctor outside the reader's data scope, added by the screens whose rows may name one (docs/decisions/0036).
addMessages(DOCTOR_OUT_OF_SCOPE_MESSAGES);
