/**
 * The administration module's public face (organisations, users, roles, menus, data permissions, message groups, enterprise settings): its routes and the users other areas address.
 * The import centre brings in organisations, users and their data permissions through its master-data rules (docs/decisions/0049).
 */
export { adminRoutes } from './routes.js';
export { enabledUsersWithMenu } from './service.js';
export { roleOptions } from './role.js';
export { importOrganisations } from './org-import.js';
export { leadsAnOrganisation } from './org.js';
export {
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
