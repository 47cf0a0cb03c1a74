import type { Db } from '../../db/client.js';
import { homeStatistics } from '../../db/schema/index.js';

/** The home page's figure rows in their order, as the personal home page shows them (the system area counts what it can). */
export async function homeStatisticRows(db: Db) {
  return db.select().from(homeStatistics).orderBy(homeStatistics.sort);
}
