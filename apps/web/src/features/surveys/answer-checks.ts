/*
 * The answer page's checks: the shared rules the server applies, in a module the page loads when
 * the answers are sent, so the page opens without the survey schemas and zod (docs/decisions/0031).
 */
export { checkAnswers } from '@field-portal/shared';
