import type { z } from 'zod';
import { departmentOrWritten, doctorTitleName, INTELLIGENCE_AUTHORITIES, kolRankingQuery, roundKolScore, type KolRow } from '@field-portal/shared';
import { compileScope } from '../customers/index.js';
import { registerDownloadTemplate } from '../downloads/index.js';
import { mainlandRegions } from '../reference/index.js';
import { kolRanking } from './service.js';

/**
 * The KOL list as a background export (spec 001 section 7.7, "KOL download"; docs/decisions/0022):
 * the ranking the KOL page shows, with its filters, every row in the data scope of the user who
 * asked, keyset-paged by score as the page reads it. The score is written as every screen writes it
 * (`roundKolScore`: one decimal, never across a tier's minimum; docs/decisions/0079); the department
 * and the title by their names in the caller's language.
 */
const params = kolRankingQuery.omit({ cursor: true, size: true });
type Params = z.output<typeof params>;

const PAGE = 1000;

const provinceNames = new Map(
  mainlandRegions()
    .filter((r) => r.level === 1)
    .map((r) => [r.code, r.name]),
);

registerDownloadTemplate<Params, KolRow>({
  name: 'kolList',
  title: 'download.template.kolList',
  authority: INTELLIGENCE_AUTHORITIES.kol,
  params,
  columns: ({ lang }) => [
    { header: { zh: '排名', en: 'Rank' }, value: (r) => r.rank },
    { header: { zh: '医生编号', en: 'Doctor ID' }, value: (r) => r.doctor.id },
    { header: { zh: '医生', en: 'Doctor' }, value: (r) => r.doctor.name },
    { header: { zh: '医院', en: 'Hospital' }, value: (r) => r.doctor.hospitalName },
    { header: { zh: '科室', en: 'Department' }, value: (r) => departmentOrWritten(r.doctor.departmentCode, r.doctor.department, lang) },
    { header: { zh: '职称', en: 'Title' }, value: (r) => doctorTitleName(r.doctor.titleCode, lang) },
    { header: { zh: '省份', en: 'Province' }, value: (r) => provinceNames.get(r.provinceCode) ?? r.provinceCode },
    { header: { zh: 'KOL 得分', en: 'KOL score' }, value: (r) => roundKolScore(r.score), numFmt: '0.0' },
    { header: { zh: '分层', en: 'Tier' }, value: (r) => r.tier },
  ],
  count: async ({ db, owner, params: p }) => (await kolRanking(db, await compileScope(db, owner.id), { ...p, size: 1 })).total,
  async *rows({ db, owner, params: p }) {
    const scope = await compileScope(db, owner.id);
    let cursor: string | undefined;
    do {
      const page = await kolRanking(db, scope, { ...p, cursor, size: PAGE });
      if (page.list.length > 0) yield page.list;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
});
