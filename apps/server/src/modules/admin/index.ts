/**
 * The administration's public face for other modules (docs/decisions/0049): what the import centre
 * calls to bring in organisations, users and their data permissions under the administration's rules.
 */
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
