import { buildDemoTemplate } from './template.js';

// Build step: keep a snapshot of the embedded database with the demo data (see template.ts).
const file = await buildDemoTemplate();
process.stdout.write(`Embedded database snapshot: ${file}\n`);
process.exit(0);
