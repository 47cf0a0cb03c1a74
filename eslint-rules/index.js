import moduleFace from './module-face.js';
import ownedTables from './owned-tables.js';

/** The portal's own lint rules: the doors between server modules (docs/decisions/0046). */
export default { meta: { name: 'field-portal' }, rules: { 'module-face': moduleFace, 'owned-tables': ownedTables } };
