/** The public face of the personal centre: all another area may import of it (docs/decisions/0048). */
export { PasswordForm } from './components/PasswordForm';
export { personalCentreWords, type PersonalCentreLabelKey, type PersonalCentreMessageKey } from './i18n';
