import { addLabels } from '../index';
import * as labels from '../labels/setup';

// The setup labels, added when the first screen that shows them loads (docs/decisions/0016).
addLabels(labels);
