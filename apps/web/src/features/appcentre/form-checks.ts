import { appInput, carouselInput, classificationInput, openingScreenInput } from '@field-portal/shared';
import { formChecker } from '@/components/crud/form-rules';

/*
 * The server's request schemas of app management's forms. A module of its own, loaded by
 * `checks-on-save.ts` with the first save, so the screens open without zod.
 */
const APP_CENTRE_FORMS = {
  app: appInput,
  carousel: carouselInput,
  classification: classificationInput,
  openingScreen: openingScreenInput,
} as const;

export type AppCentreFormName = keyof typeof APP_CENTRE_FORMS;

export const checkForm = formChecker(APP_CENTRE_FORMS);
