import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACADEMIC_KINDS,
  hIndex,
  type AcademicItem,
  type AcademicKind,
  type Doctor360,
  type KolTier,
  type Lang,
  type PaperRow,
  type papersQuery,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { findDoctorInScope, type DataScope } from '../customers/index.js';
import { doctorInfo } from '../customers/index.js';
import { businessRecord } from '../activity/index.js';
import { meetingParticipationOf } from '../meetings/index.js';
import type { IntelDeps } from './read-common.js';
import { decodeCursor, encodeCursor } from '../../platform/paging/index.js';
import { relationRows } from './network.js';

/* ---------- doctor 360 ---------- */

interface PaperAgg {
  papers: number;
  citations: number;
  core: number;
  first: number;
  cites: number[];
}

async function paperStats(db: Db | Tx, doctorId: number): Promise<PaperAgg> {
  const rows = await selectRows<{ citations: number; core: boolean; position: number }>(
    db,
    sql`select p.citations, p.core, a.position from intel_paper_authors a join intel_papers p on p.id = a.paper_id where a.doctor_id = ${doctorId}`,
  );
  return {
    papers: rows.length,
    citations: rows.reduce((s, r) => s + Number(r.citations), 0),
    core: rows.filter((r) => r.core).length,
    first: rows.filter((r) => Number(r.position) === 1).length,
    cites: rows.map((r) => Number(r.citations)),
  };
}

export async function doctor360(deps: IntelDeps, scope: DataScope, user: CurrentUser, doctorId: number, lang: Lang): Promise<Doctor360> {
  const db = deps.db;
  const info = await doctorInfo(db, scope, user.id, doctorId, false);
  const { phone: _phone, corrections: _corrections, ...doctor } = info;
  const [stats, items, speaker, kol, metrics, relations, record] = await Promise.all([
    paperStats(db, doctorId),
    selectRows<{ kind: AcademicKind; name: string; role: string; year: number }>(
      db,
      sql`select kind, name, role, year from intel_academic_items where doctor_id = ${doctorId} order by year desc, id`,
    ),
    speakerHistory(db, doctorId),
    selectRows<{ indication: string; score: number; tier: KolTier; rank: number; of: number; computed_at: string }>(
      db,
      sql`select s.indication, s.score, s.tier, s.computed_at,
                 (select count(*)::int from intel_kol_scores x where x.indication = s.indication and x.score > s.score) + 1 as rank,
                 (select count(*)::int from intel_kol_scores x where x.indication = s.indication) as of
            from intel_kol_scores s where s.doctor_id = ${doctorId} order by s.score desc`,
    ),
    selectRows<{ pagerank: number; pagerank_pct: number; community: number }>(
      db,
      sql`select pagerank, pagerank_pct, community from intel_doctor_metrics where doctor_id = ${doctorId}`,
    ),
    relationRows(db, scope, doctorId, lang),
    businessRecord({ db, now: deps.now }, user, { doctorId, size: 10 }),
  ]);
  const counts = Object.fromEntries(ACADEMIC_KINDS.map((k) => [k, items.filter((i) => i.kind === k).length])) as Record<AcademicKind, number>;
  return {
    doctor,
    academic: {
      papers: stats.papers,
      citations: stats.citations,
      hIndex: hIndex(stats.cites),
      coreShare: stats.papers > 0 ? Math.round((stats.core / stats.papers) * 1000) / 1000 : 0,
      firstAuthor: stats.first,
      items: items.map((i): AcademicItem => ({ kind: i.kind, name: i.name, role: i.role, year: Number(i.year) })),
      counts,
      meetings: speaker,
    },
    impact: {
      kol: kol.map((k) => ({ indication: k.indication, score: Number(k.score), tier: k.tier, rank: Number(k.rank), of: Number(k.of) })),
      pagerank: metrics[0] ? Number(metrics[0].pagerank) : null,
      pagerankPercentile: metrics[0] ? Number(metrics[0].pagerank_pct) : null,
      community: metrics[0] ? Number(metrics[0].community) : null,
      relations: relations.length,
      topRelations: relations.slice(0, 10),
      computedAt: kol[0] ? new Date(kol[0].computed_at).toISOString() : null,
    },
    activity: record.list.map((r) => ({ kind: r.kind, id: r.id, at: r.at, title: r.title, user: r.user.name || r.user.username })),
    activityTotal: record.total,
    attitude: [],
  };
}

/** Speaker and attendance counts from the meetings service. */
async function speakerHistory(db: Db | Tx, doctorId: number): Promise<{ speaker: number; attended: number }> {
  const rows = await meetingParticipationOf(db, doctorId);
  return { speaker: rows.filter((r) => r.role !== 'attendee').length, attended: rows.filter((r) => r.attended).length };
}

export async function doctorPapers(
  db: Db,
  scope: DataScope,
  q: z.output<typeof papersQuery>,
): Promise<{ list: PaperRow[]; total: number; nextCursor: string | null }> {
  await findDoctorInScope(db, scope, q.doctorId);
  const cursor = decodeCursor(q.cursor, ['int', 'int']);
  const rows = await selectRows<{
    id: number;
    title: string;
    journal: string;
    core: boolean;
    year: number;
    citations: number;
    position: number;
    authors: number;
  }>(
    db,
    sql`select p.id, p.title, p.journal, p.core, p.year, p.citations, a.position, (select count(*)::int from intel_paper_authors x where x.paper_id = p.id) as authors
          from intel_paper_authors a join intel_papers p on p.id = a.paper_id
         where a.doctor_id = ${q.doctorId} ${cursor ? sql`and (p.year, p.id) < (${cursor[0]}, ${cursor[1]})` : sql``}
         order by p.year desc, p.id desc limit ${q.size + 1}`,
  );
  const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from intel_paper_authors where doctor_id = ${q.doctorId}`);
  const more = rows.length > q.size;
  const shown = more ? rows.slice(0, q.size) : rows;
  return {
    list: shown.map((r) => ({
      id: Number(r.id),
      title: r.title,
      journal: r.journal,
      core: r.core,
      year: Number(r.year),
      citations: Number(r.citations),
      position: Number(r.position),
      authors: Number(r.authors),
    })),
    total: Number(count?.n ?? 0),
    nextCursor: more ? encodeCursor([Number(shown.at(-1)!.year), Number(shown.at(-1)!.id)]) : null,
  };
}
