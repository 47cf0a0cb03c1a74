import { reportedFigures, SMALL } from './lib.js';
import { run as foundation } from './foundation.bench.js';
import { run as upload } from './upload.bench.js';
import { run as push } from './push.bench.js';

// Every benchmark in turn; each prints its figures next to their budgets and references.
console.log(`Benchmarks${SMALL ? ' (small size: checks that they run, figures not judged)' : ''}`);
for (const suite of [foundation, upload, push]) await suite();
const over = reportedFigures().filter((f) => !f.ok);
console.log(`\n${reportedFigures().length} figures measured${SMALL ? '' : `, ${over.length} over budget`}`);
process.exit(0);
