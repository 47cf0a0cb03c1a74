/**
 * Modules that still name another module's tables (docs/decisions/0046), each with its reason.
 * The list only shrinks: a new entry needs a reason a reviewer accepts; removing one means the
 * owner's face now answers it (a service call, or a SQL fragment the owner exports, like
 * customers' doctorIdsInScope).
 */
// Empty since auth reaches the accounts through admin's door, handed in by the wiring (docs/decisions/0066).
/** @type {{ file: string; tables: string[]; reason: string }[]} */
export const OWNED_TABLE_EXCEPTIONS = [];
