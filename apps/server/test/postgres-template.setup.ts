import { demoTemplateDatabase } from '../src/seed/template.js';

/** Global setup of the PostgreSQL run: the demo template is made before the first test file starts. */
export default async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await demoTemplateDatabase(adminUrl);
}
