import { addLabels } from '../index';
import * as labels from '../labels/customers';

// The customers labels, added when the first screen that shows them loads (docs/decisions/0016).
addLabels(labels);
