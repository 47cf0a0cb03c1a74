/**
 * Modules that still name another module's tables (docs/decisions/0046), each with its reason.
 * The list only shrinks: a new entry needs a reason a reviewer accepts; removing one means the
 * owner's face now answers it (a service call, or a SQL fragment the owner exports, like
 * customers' doctorIdsInScope).
 */
const ACCOUNTS = "reads admin's accounts and roles (sign-in, first start, settings); to go through admin's face";

export const OWNED_TABLE_EXCEPTIONS = [
  {
    file: 'admin/permissions.ts',
    tables: ['hospitals'],
    reason: 'a data permission names hospitals in one statement; customers depends on admin for the scope, so a customers fragment here would close a loop',
  },
  { file: 'auth/access-tokens.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/service.ts', tables: ['users'], reason: ACCOUNTS },
  { file: 'auth/sso.ts', tables: ['roles', 'user_roles', 'users'], reason: ACCOUNTS },
  { file: 'customers/dataset.ts', tables: ['users'], reason: 'the demo dataset assigns doctors to the seeded reps' },
  {
    file: 'customers/doctor-filter.ts',
    tables: ['departments'],
    reason: 'the doctor filter matches department names in one statement (for speed); reference to export the fragment',
  },
  {
    file: 'customers/doctors.ts',
    tables: ['departments', 'reference_codes', 'regions'],
    reason: 'the doctor list names codes (department, title, region) in one statement (for speed); reference to export the fragments',
  },
  { file: 'customers/hospitals.ts', tables: ['regions'], reason: 'the hospital list names its region in one statement (for speed)' },
  { file: 'customers/report-figures.ts', tables: ['departments'], reason: 'doctor reports group by department in one statement (for speed)' },
  {
    file: 'customers/scope.ts',
    tables: ['regions', 'departments'],
    reason:
      "the scope builder turns granted province names into region codes, and a doctor's summary names its departments, in one statement (for speed); reference to export the fragments",
  },
  {
    file: 'reference/seed.ts',
    tables: ['hospitals'],
    reason: "an older database's hospitals get their province codes from the region list, once, in one UPDATE",
  },
];
