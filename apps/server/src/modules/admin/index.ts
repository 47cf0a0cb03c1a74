/**
 * The administration module's public face (organisations, users, roles, menus, data permissions, message groups, enterprise settings): its routes and the users other areas address.
 * The import centre brings in organisations, users and their data permissions through its master-data rules (docs/decisions/0049).
 */
export { adminRoutes } from './routes.js';
/** The accounts as sign-in and access tokens reach them, handed to auth's routes by the wiring (docs/decisions/0066). */
export { signInAccounts } from './sign-in-accounts.js';
export { enabledUsersWithMenu } from './service.js';
export { roleOptions } from './role.js';
export { allMenus, menuEntry } from './menu-list.js';
export { isTeam, teamMemberIds, teamOfMembers, teamsWithMembers, type Team } from './teams.js';
export { isEnabledUser, searchPrincipals, teamIds, teamIdsSql, userRefs } from './people.js';
/** Users as other areas reach them: the join for a recorded user's name, a BU's users, the pickers' lookups (docs/decisions/0062). */
export {
  countRoles,
  countUsers,
  enabledAccount,
  enabledUserId,
  findEnabledUser,
  joinUser,
  joinUserByUsername,
  roleIdsOfUser,
  searchEnabledUsers,
  userBuList,
  userIdsOfBu,
  userIdsOfUsernames,
  usernamesOfEmployeeBu,
  type UserPick,
} from './user-rows.js';
export { importOrganisations } from './org-import.js';
export { leadsAnOrganisation } from './org.js';
/** What a user's roles and data permissions grant, for the customers' scope builder. */
export { scopeGrantsOf } from './scope-grants.js';
export {
  accountJoins,
  addPermissions,
  clearPermissions,
  disableMissingUsers,
  disableUsernames,
  organisationActions,
  organisationKeys,
  organisationLabels,
  permissionActions,
  replacePermissions,
  roleLabels,
  upsertOrganisations,
  upsertUsers,
  userActions,
  userKeys,
} from './master-data.js';
/** The employee directory as push and the feed reach it: fragments, a user's employee number, the directory search (docs/decisions/0065). */
export { directoryByWwids, employeeNoOf, employeeNoOfUser, employeesSource, isEmployee, joinEmployee, searchDirectory } from './employee-rows.js';
/** Accounts, their menus and the report menus inside the analytics area's statements (docs/decisions/0065). */
export { holdsMenuCode, reportMenusSource, userContact, usersSource } from './account-rows.js';
/** The personal centre's account, roles, password and enterprise (docs/decisions/0065). */
export { accountRow, enterpriseOf, passwordHashOf, setPasswordHash, usableRolesOf } from './account-rows.js';
/** The first start's administrator and company name, written inside the setup's transaction. */
export { ADMIN_ROLE, DEFAULT_ENTERPRISE, hasAdministrator, insertFirstAdministrator, nameCompany } from './first-administrator.js';
