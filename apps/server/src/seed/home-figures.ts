import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { selectRows } from '../db/client.js';
import { homeCharts, homeStatistics } from '../db/schema/index.js';
import { coverage } from '../modules/customers/index.js';
import { medicineCount } from '../modules/reference/index.js';

/**
 * The home page's coverage figures and its two demo charts, computed from the demo rows once the
 * areas have seeded them (no invented numbers). The coverage figures are counted again on every
 * read (system service); the charts are data-management content an administrator can replace.
 */
export async function seedHomeFigures(tx: Tx): Promise<void> {
  const [covered, drugs] = await Promise.all([coverage(tx), medicineCount(tx)]);
  for (const [key, value] of Object.entries({ ...covered, drugs })) {
    await tx.update(homeStatistics).set({ value }).where(eq(homeStatistics.key, key));
  }
  // The last six whole months of visits, by month number (chart content is number/number): the month under way is
  // left out, as a few days of it drawn beside whole months read as a fall.
  const months = await selectRows<{ month: number; visits: number; doctors: number }>(
    tx,
    sql`select extract(month from visit_at at time zone 'Asia/Shanghai')::int as month,
               count(*)::int as visits, count(distinct doctor_id)::int as doctors
          from visit_records
         where visit_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '6 months') at time zone 'Asia/Shanghai'
           and visit_at < date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'
         group by 1, date_trunc('month', visit_at at time zone 'Asia/Shanghai') order by date_trunc('month', visit_at at time zone 'Asia/Shanghai')`,
  );
  const content = (value: (m: (typeof months)[number]) => number) => months.map((m) => `${m.month}/${value(m)}`).join(',') || '1/0';
  await tx.insert(homeCharts).values([
    { name: '月度拜访医生数', nameEn: 'Doctors visited by month', chartType: 'line', content: content((m) => m.doctors), sort: 1 },
    { name: '月度拜访数', nameEn: 'Monthly visits', chartType: 'bar', content: content((m) => m.visits), sort: 2 },
  ]);
}
