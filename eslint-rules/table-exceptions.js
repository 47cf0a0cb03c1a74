/**
 * Modules that still name another module's tables (docs/decisions/0046), each with its reason.
 * The list only shrinks: a new entry needs a reason a reviewer accepts; removing one means the
 * owner's face now answers it (a service call, or a SQL fragment the owner exports, like
 * customers' doctorIdsInScope).
 */
const ACCOUNTS = "reads admin's accounts and roles (sign-in, first start, settings); to go through admin's face";

export const OWNED_TABLE_EXCEPTIONS = [
  { file: 'auth/access-tokens.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/service.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/sso.ts', tables: ['roles', 'user_roles', 'users'], reason: ACCOUNTS },
];
