/**
 * Modules that still name another module's tables (docs/decisions/0046), each with its reason.
 * The list only shrinks: a new entry needs a reason a reviewer accepts; removing one means the
 * owner's face now answers it (a service call, or a SQL fragment the owner exports, like
 * customers' doctorIdsInScope).
 */
const ACCOUNTS = "reads admin's accounts and roles (sign-in, first start, settings); to go through admin's face";

export const OWNED_TABLE_EXCEPTIONS = [
  {
    file: 'analytics/dashboards/cards.ts',
    tables: ['cards', 'pushes'],
    reason: 'the card dashboard counts cards by push state in one statement (for speed); push to export the figure query',
  },
  {
    file: 'analytics/service.ts',
    tables: ['menus', 'users', 'user_roles', 'roles', 'role_menus', 'sessions'],
    reason: "usage reports join events to admin's menus and users and auth's sessions",
  },
  { file: 'auth/access-tokens.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/service.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/sso.ts', tables: ['roles', 'user_roles', 'users'], reason: ACCOUNTS },
  {
    file: 'feed/service.ts',
    tables: ['users', 'deliveries', 'pushes', 'cards'],
    reason: "a feed page is a user's deliveries joined to their push and card in one statement (keyset paging); push to export the delivery fragments",
  },
  { file: 'push/batch.ts', tables: ['employees', 'cards'], reason: "a batch checks recipients against admin's employee directory and lists pushable cards" },
  { file: 'push/receiver-list.ts', tables: ['employees'], reason: "recipients are checked against admin's employee directory" },
  { file: 'push/report.ts', tables: ['cards', 'users'], reason: 'the push report joins deliveries to their card title in one statement (a streamed export)' },
  { file: 'push/scheduler.ts', tables: ['employees'], reason: 'a push to everyone delivers to every employee in one INSERT ... SELECT' },
  {
    file: 'push/service.ts',
    tables: ['cards', 'employees', 'users'],
    reason: "the card console's list filters cards by push state (it belongs with cards); recipients are checked against the employee directory",
  },
  { file: 'setup/service.ts', tables: ['enterprises', 'roles', 'user_roles', 'users'], reason: ACCOUNTS },
  { file: 'system/service.ts', tables: ['enterprises', 'home_statistics', 'roles', 'sessions', 'user_roles', 'users'], reason: ACCOUNTS },
];
