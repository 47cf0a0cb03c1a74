import { addLabels } from '../index';
import * as labels from '../labels/analytics';

// The analytics labels, added when the first screen that shows them loads (docs/decisions/0016).
addLabels(labels);
