import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import moduleFace from '../../../eslint-rules/module-face.js';
import noImportCycle from '../../../eslint-rules/no-import-cycle.js';
import ownedTables from '../../../eslint-rules/owned-tables.js';

// The lint rules that keep the doors between server modules (docs/decisions/0046).
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const src = path.resolve(import.meta.dirname, '../src');
const inModule = (file: string) => path.join(src, 'modules', file);

tester.run('module-face', moduleFace, {
  valid: [
    { filename: inModule('market/repo.ts'), code: "import { compileScope } from '../customers/index.js';" },
    { filename: inModule('market/repo.ts'), code: "import { x } from './service.js';" },
    { filename: inModule('market/repo.ts'), code: "import { x } from '../../platform/errors.js';" },
    { filename: path.join(src, 'app.ts'), code: "import { cardRoutes } from './modules/cards/index.js';" },
    // A test beside its module reaches inside that module (docs/decisions/0059).
    { filename: inModule('cards/cards.test.ts'), code: "import { findFile } from './repo.js';" },
  ],
  invalid: [
    { filename: inModule('market/repo.ts'), code: "import { compileScope } from '../customers/scope.js';", errors: [{ messageId: 'pastFace' }] },
    { filename: inModule('analytics/dashboards/cards.ts'), code: "export { x } from '../../push/service.js';", errors: [{ messageId: 'pastFace' }] },
    { filename: path.join(src, 'server.ts'), code: "const m = import('./modules/reference/seed.js');", errors: [{ messageId: 'pastFace' }] },
    { filename: path.join(src, 'seed/feed.ts'), code: "import { pushCards } from '../modules/push/service.js';", errors: [{ messageId: 'pastFace' }] },
    {
      filename: inModule('intelligence/intelligence-scale.test.ts'),
      code: "import { writeDataset } from '../customers/dataset.js';",
      errors: [{ messageId: 'pastFace' }],
    },
    {
      filename: path.resolve(src, '../../../bench/push.bench.ts'),
      code: "import { PushScheduler } from '../apps/server/src/modules/push/scheduler.js';",
      errors: [{ messageId: 'pastFace' }],
    },
  ],
});

tester.run('owned-tables', ownedTables, {
  valid: [
    { filename: inModule('customers/scope.ts'), code: 'const q = sql`select id from doctors d join hospitals h on h.id = d.hospital_id`;' },
    { filename: inModule('push/service.ts'), code: "import { pushes } from '../../db/schema/index.js';" },
    { filename: inModule('market/repo.ts'), code: 'const q = sql`select ${column} from opinion_items where doctor_id in ${ids}`;' },
    {
      filename: inModule('feed/service.ts'),
      code: 'const q = sql`select 1 from deliveries d join cards c on c.id = d.card_id`;',
      options: [{ allow: [{ file: 'feed/service.ts', tables: ['deliveries', 'cards'], reason: 'a page joins deliveries to cards' }] }],
    },
    { filename: path.join(src, 'seed/feed.ts'), code: 'const q = sql`delete from cards`;' },
    // A recorded user's name comes through admin's join fragment: users is named only in admin (docs/decisions/0062).
    { filename: inModule('meetings/repo.ts'), code: "const q = sql`select u.username from meetings m ${joinUser('u', sql`m.owner_id`)} where m.id = ${id}`;" },
  ],
  invalid: [
    {
      filename: inModule('push/service.ts'),
      code: "import { cards } from '../../db/schema/index.js';",
      errors: [{ messageId: 'foreignTable', data: { table: 'cards', owner: 'cards' } }],
    },
    {
      filename: inModule('market/repo.ts'),
      code: 'const q = sql`select 1 from doctors sd where true`;',
      errors: [{ messageId: 'foreignTable', data: { table: 'doctors', owner: 'customers' } }],
    },
    { filename: inModule('push/scheduler.ts'), code: "const q = sql`update cards c set status = 'publish'`;", errors: [{ messageId: 'foreignTable' }] },
    {
      filename: inModule('surveys/report-figures.ts'),
      code: 'const q = sql`select r.id from survey_responses r join users u on u.id = r.user_id`;',
      errors: [{ messageId: 'foreignTable', data: { table: 'users', owner: 'admin' } }],
    },
    // The one file store is the platform's (docs/decisions/0059): an area goes through platform/files.
    {
      filename: inModule('content/service.ts'),
      code: 'const q = sql`select id from files where id = ${id}`;',
      errors: [{ messageId: 'foreignTable', data: { table: 'files', owner: 'platform' } }],
    },
    {
      filename: inModule('apps/files.ts'),
      code: 'const q = sql`insert into organisations (name) values (${name})`;',
      errors: [{ messageId: 'foreignTable', data: { table: 'organisations', owner: 'admin' } }],
    },
    {
      filename: inModule('feed/service.ts'),
      code: 'const q = sql`select 1 from deliveries d join pushes p on p.id = d.queue_id`;',
      options: [{ allow: [{ file: 'feed/service.ts', tables: ['deliveries'], reason: 'a page joins deliveries to cards' }] }],
      errors: [{ messageId: 'foreignTable', data: { table: 'pushes', owner: 'push' } }],
    },
  ],
});

// No import cycle, type imports included (docs/decisions/0069): the rule reads the files of the
// source folder, so each case is a small folder written here.
describe('no-import-cycle', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-cycles-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    const at = path.join(folder, file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, code);
    return { filename: at, code };
  };
  const files = {
    // a type-only cycle, which import-x/no-cycle does not see
    typeA: write('types/src/a.ts', "import type { B } from './b.js';\nexport interface A { b: B }\n"),
    typeB: write('types/src/b.ts', "import type { A } from './a.js';\nexport type B = A[];\n"),
    // a cycle through a lazy import and a type
    lazyPage: write('lazy/src/page.ts', "export const dialog = () => import('./dialog.js');\nexport interface Field { name: string }\n"),
    lazyDialog: write('lazy/src/dialog.ts', "import type { Field } from './page.js';\nexport const fields: Field[] = [];\n"),
    // a cycle through an alias and an index file
    aliasX: write('alias/src/x.ts', "import { y } from '@/y';\nexport const x = y;\n"),
    aliasY: write('alias/src/y/index.ts', "import type { X } from '../z.js';\nexport const y: X = 1;\n"),
    aliasZ: write('alias/src/z.ts', "import type { x } from './x.js';\nexport type X = typeof x;\n"),
    // the same three files with the type in a file of its own: no cycle
    leafKind: write('leaf/src/kind.ts', 'export type Kind = number;\n'),
    leafX: write('leaf/src/x.ts', "import { y } from './y.js';\nexport const x = y;\n"),
    leafY: write('leaf/src/y.ts', "import type { Kind } from './kind.js';\nexport const y: Kind = 1;\n"),
  };
  const alias = { aliases: { '@/': path.join(folder, 'alias', 'src') } };
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
  tester.run('no-import-cycle', noImportCycle, {
    valid: [files.leafKind, files.leafX, files.leafY],
    invalid: [
      { ...files.typeA, errors: [{ messageId: 'cycle', data: { way: 'a.ts → b.ts → a.ts' } }] },
      { ...files.typeB, errors: [{ messageId: 'cycle', data: { way: 'b.ts → a.ts → b.ts' } }] },
      { ...files.lazyDialog, errors: [{ messageId: 'cycle', data: { way: 'dialog.ts → page.ts → dialog.ts' } }] },
      { ...files.aliasX, options: [alias], errors: [{ messageId: 'cycle', data: { way: 'x.ts → y/index.ts → z.ts → x.ts' } }] },
      { ...files.aliasZ, options: [alias], errors: [{ messageId: 'cycle', data: { way: 'z.ts → x.ts → y/index.ts → z.ts' } }] },
    ],
  });
});
