import moduleFace from './module-face.js';
import ownedTables from './owned-tables.js';
import noImportCycle from './no-import-cycle.js';

/** The portal's own lint rules: the doors between server modules (docs/decisions/0046), and no import cycle through types (0069). */
export default { meta: { name: 'field-portal' }, rules: { 'module-face': moduleFace, 'owned-tables': ownedTables, 'no-import-cycle': noImportCycle } };
