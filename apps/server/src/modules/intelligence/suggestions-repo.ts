import { sql } from 'drizzle-orm';
import {
  SUGGESTION_AUTHORITY,
  SUGGESTION_LIMITS as L,
  type SuggestionAction,
  type SuggestionCategory,
  type SuggestionJobState,
  type SuggestionPage,
  type SuggestionReason,
  type SuggestionRow,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { afterKey, countUpTo, decodeCursor, keysetPage } from '../../platform/paging/index.js';
import { notFound } from '../../platform/errors.js';
import { JobRunner, wakeQueue, type QueueDefinition } from '../../platform/jobs/index.js';
import { visitsOfRepTo } from '../activity/index.js';
import { doctorsAtMeetingsOf } from '../meetings/index.js';
import { enabledUsersWithMenu } from '../admin/index.js';
import { scoreRises } from './history.js';
import { compileScope, doctorIdsInScope, doctorInScope, doctorSummaries, type DataScope } from '../customers/index.js';
import { keepTop, suggestionsFor, type DoctorFacts } from './suggestions.js';
import { ref } from './read-common.js';

/**
 * Smart suggestions' reads and writes (docs/decisions/0029). The job computes a representative's
 * suggestions from this module's rows (KOL scores, co-authorship, papers) and the activity
 * service's visits, and replaces their open rows; the list is a keyset page of those rows.
 */

const DAY_MS = 86_400_000;
const ids = (values: Iterable<number>) => sql.raw([...values].filter((v) => Number.isSafeInteger(v) && v > 0).join(',') || '0');

/** The facts of the scope's candidate doctors (the representative's visits included). */
export async function candidateFacts(db: Db | Tx, userId: number, scope: DataScope, now: Date, cache?: Map<string, DoctorFacts[]>): Promise<DoctorFacts[]> {
  // Users with the same scope share everything but their visits (a run for everyone computes each scope once).
  const key = JSON.stringify([scope.all, scope.hospitalIds, scope.provinceCodes, now.toISOString()]);
  let shared = cache?.get(key);
  if (!shared) {
    shared = await scopeFacts(db, scope, now);
    cache?.set(key, shared);
  }
  const facts = shared.map((f) => ({ ...f }));
  // Doctors at the representative's own recent meetings (meetings service), in scope.
  const meetings = await doctorsAtMeetingsOf(db, userId, new Date(now.getTime() - L.meetingDays * DAY_MS), now, L.candidates);
  const known = new Map(facts.map((f) => [f.doctorId, f]));
  const newIds = [...meetings.keys()].filter((id) => !known.has(id));
  if (newIds.length > 0) {
    const inScope = await doctorSummaries(db, newIds, scope);
    const best = await bestScores(db, [...inScope.keys()]);
    for (const id of inScope.keys()) {
      const f: DoctorFacts = { doctorId: id, best: best.get(id) ?? null };
      facts.push(f);
      known.set(id, f);
    }
  }
  for (const [id, m] of meetings) {
    const f = known.get(id);
    if (f) f.meeting = m;
  }
  const visits = await visitsOfRepTo(
    db,
    userId,
    facts.map((f) => f.doctorId),
    now,
  );
  for (const f of facts) {
    const v = visits.get(f.doctorId);
    if (v) f.visits = v;
  }
  return facts;
}

/** The scope's candidate doctors: the highest-scoring ones and the co-authors of the top ones, with their scores and papers. */
async function scopeFacts(db: Db | Tx, scope: DataScope, now: Date): Promise<DoctorFacts[]> {
  const best = await selectRows<{ doctor_id: number; indication: string; score: number; tier: string }>(
    db,
    sql`select * from (select distinct on (s.doctor_id) s.doctor_id, s.indication, s.score, s.tier from intel_kol_scores s
                        where ${doctorInScope(scope, 's')} order by s.doctor_id, s.score desc, s.indication) b
         order by b.score desc, b.doctor_id limit ${L.candidates}`,
  );
  const facts = new Map<number, DoctorFacts>();
  for (const r of best)
    facts.set(Number(r.doctor_id), { doctorId: Number(r.doctor_id), best: { indication: r.indication, score: Number(r.score), tier: r.tier } });
  if (facts.size === 0) return [];
  // "Your top doctors": the highest-scoring doctors of the scope; their co-authors in scope.
  const tops = best.slice(0, L.topDoctors).map((r) => ({ id: Number(r.doctor_id), score: Number(r.score) }));
  const topNames = await doctorSummaries(
    db,
    tops.map((t) => t.id),
  );
  const coauthors = await selectRows<{ top: number; other: number; papers: number; paper_id: number; title: string; year: number }>(
    db,
    sql`select c.top, c.other, c.papers, p.id as paper_id, p.title, p.year
          from (select case when r.a in (${ids(tops.map((t) => t.id))}) then r.a else r.b end as top,
                       case when r.a in (${ids(tops.map((t) => t.id))}) then r.b else r.a end as other, r.count as papers
                  from intel_relations r
                 where r.type = 'coauthor' and (r.a in (${ids(tops.map((t) => t.id))}) or r.b in (${ids(tops.map((t) => t.id))}))) c
          join lateral (select pp.id, pp.title, pp.year from intel_paper_authors x join intel_paper_authors y on y.paper_id = x.paper_id
                          join intel_papers pp on pp.id = x.paper_id
                         where x.doctor_id = c.top and y.doctor_id = c.other order by pp.year desc, pp.id desc limit 1) p on true
         where c.other in ${doctorIdsInScope(scope)}
         order by c.other, c.papers desc, c.top`,
  );
  const topScore = new Map(tops.map((t) => [t.id, t.score]));
  // Rising scores since the previous recompute run (history.ts), in scope.
  const rises = await scoreRises(db, scope, L.risingMinDelta, L.candidates);
  const extra = [...new Set([...coauthors.map((c) => Number(c.other)), ...rises.map((r) => r.doctorId)])].filter((id) => !facts.has(id));
  if (extra.length > 0) {
    const found = await bestScores(db, extra);
    for (const id of extra) facts.set(id, { doctorId: id, best: found.get(id) ?? null });
  }
  for (const r of rises) facts.get(r.doctorId)!.rise = { indication: r.indication, from: r.from, to: r.to, since: r.since };
  for (const c of coauthors) {
    const f = facts.get(Number(c.other))!;
    if (f.coauthor) continue; // the first (most papers) top doctor
    const top = Number(c.top);
    f.coauthor = {
      topDoctorId: top,
      topDoctorName: topNames.get(top)?.name ?? `#${top}`,
      topScore: topScore.get(top) ?? 0,
      papers: Number(c.papers),
      paperId: Number(c.paper_id),
      paperTitle: c.title,
      year: Number(c.year),
    };
  }
  const sinceYear = now.getUTCFullYear() - 1;
  const recent = await selectRows<{ doctor_id: number; papers: number; citations: number; latest_title: string; latest_year: number }>(
    db,
    sql`select pa.doctor_id, count(*)::int as papers, coalesce(sum(p.citations), 0)::int as citations,
               (array_agg(p.title order by p.year desc, p.id desc))[1] as latest_title, max(p.year)::int as latest_year
          from intel_paper_authors pa join intel_papers p on p.id = pa.paper_id
         where pa.doctor_id in (${ids(facts.keys())}) and p.year >= ${sinceYear}
         group by pa.doctor_id`,
  );
  for (const r of recent) {
    facts.get(Number(r.doctor_id))!.recent = {
      papers: Number(r.papers),
      sinceYear,
      latestTitle: r.latest_title,
      latestYear: Number(r.latest_year),
      citations: Number(r.citations),
    };
  }
  return [...facts.values()];
}

/** The best KOL score of each doctor (by id). */
async function bestScores(db: Db | Tx, doctorIds: number[]): Promise<Map<number, NonNullable<DoctorFacts['best']>>> {
  if (doctorIds.length === 0) return new Map();
  const rows = await selectRows<{ doctor_id: number; indication: string; score: number; tier: string }>(
    db,
    sql`select distinct on (s.doctor_id) s.doctor_id, s.indication, s.score, s.tier from intel_kol_scores s
         where s.doctor_id in (${ids(doctorIds)}) order by s.doctor_id, s.score desc, s.indication`,
  );
  return new Map(rows.map((r) => [Number(r.doctor_id), { indication: r.indication, score: Number(r.score), tier: r.tier }]));
}

/** Recomputes one representative's suggestions: open rows are replaced; doctors with live feedback stay out. */
export async function computeSuggestionsFor(tx: Tx, userId: number, now: Date, cache?: Map<string, DoctorFacts[]>): Promise<number> {
  const scope = await compileScope(tx, userId);
  const facts = await candidateFacts(tx, userId, scope, now, cache);
  const suppressed = new Set(
    (
      await selectRows<{ doctor_id: number; category: string }>(
        tx,
        sql`select doctor_id, category from intel_suggestions where user_id = ${userId} and status <> 'open' and suppressed_until > ${now.toISOString()}::timestamptz`,
      )
    ).map((r) => `${r.doctor_id}:${r.category}`),
  );
  const kept = keepTop(facts.flatMap((f) => suggestionsFor(f, now)).filter((s) => !suppressed.has(`${s.doctorId}:${s.category}`)));
  await tx.execute(sql`delete from intel_suggestions where user_id = ${userId} and status = 'open'`);
  const at = now.toISOString();
  const expires = new Date(now.getTime() + L.expiryDays * DAY_MS).toISOString();
  for (let i = 0; i < kept.length; i += 200) {
    const values = kept
      .slice(i, i + 200)
      .map(
        (s) => sql`(${userId}, ${s.doctorId}, ${s.category}, ${s.priority}, ${JSON.stringify(s.reasons)}::jsonb, ${at}::timestamptz, ${expires}::timestamptz)`,
      );
    await tx.execute(
      sql`insert into intel_suggestions (user_id, doctor_id, category, priority, reasons, computed_at, expires_at) values ${sql.join(values, sql`, `)}`,
    );
  }
  return kept.length;
}

/** Users who hold the suggestions menu (a job for "everyone" computes theirs), from the admin service. */
const usersWithSuggestions = (db: Db | Tx) => enabledUsersWithMenu(db, SUGGESTION_AUTHORITY);

export async function computeAllSuggestions(tx: Tx, now: Date): Promise<{ users: number; suggestions: number }> {
  let suggestions = 0;
  const users = await usersWithSuggestions(tx);
  const cache = new Map<string, DoctorFacts[]>();
  for (const id of users) suggestions += await computeSuggestionsFor(tx, id, now, cache);
  return { users: users.length, suggestions };
}

/* ---------- the job (a queue of the job runner, platform/jobs) ---------- */

/** Queues a run for one user (null: everyone with the menu); an already queued run for them is reused. */
export async function queueSuggestions(db: Db | Tx, userId: number | null): Promise<void> {
  const [open] = await selectRows<{ id: number }>(
    db,
    sql`select id from intel_suggestion_jobs where status = 'queued' and (user_id is null or user_id is not distinct from ${userId}) limit 1`,
  );
  if (open) return;
  await db.execute(sql`insert into intel_suggestion_jobs (user_id) values (${userId})`);
  await wakeQueue(db, SUGGESTIONS_QUEUE);
}

export const SUGGESTIONS_QUEUE = 'suggestions';

/** The suggestions queue of the job runner: a user's run, or everyone's (user_id null). The table has no lease. */
export function suggestionsQueue(
  db: Db,
  done: (result: { suggestions: number }) => void = () => {},
): QueueDefinition<{ id: number | string; user_id: number | null }> {
  return {
    name: SUGGESTIONS_QUEUE,
    table: { name: 'intel_suggestion_jobs', leased: false, onClaim: (at) => sql`started_at = ${at}::timestamptz` },
    intervalMs: 5000,
    async run(claim) {
      const userId = claim.row.user_id === null ? null : Number(claim.row.user_id);
      try {
        const at = new Date(claim.now());
        const stats = await db.transaction(async (tx) =>
          userId === null ? computeAllSuggestions(tx, at) : { users: 1, suggestions: await computeSuggestionsFor(tx, userId, at) },
        );
        await claim.finish(sql`status = 'done', finished_at = ${new Date(claim.now()).toISOString()}::timestamptz, stats = ${JSON.stringify(stats)}::jsonb`);
        done(stats);
      } catch (error) {
        await claim.finish(sql`status = 'failed', finished_at = now(), error = ${String((error as Error).message ?? error).slice(0, 2000)}`);
        throw error;
      }
    },
  };
}

/** Claims and runs one queued job; undefined when none is queued (or another instance holds it). Tests call it. */
export async function runNextSuggestionJob(db: Db, now: () => number = Date.now): Promise<{ id: number; suggestions: number } | undefined> {
  let suggestions: number | undefined;
  const id = await new JobRunner({ db }, { now }).queue(suggestionsQueue(db, (r) => (suggestions = r.suggestions))).runOnce(SUGGESTIONS_QUEUE);
  return id === undefined || suggestions === undefined ? undefined : { id, suggestions };
}

/** The latest job that covers the user (theirs or everyone's). */
export async function suggestionJobState(db: Db | Tx, userId: number): Promise<SuggestionJobState> {
  const [row] = await selectRows<{ status: SuggestionJobState['status']; created_at: string; finished_at: string | null }>(
    db,
    sql`select status, created_at, finished_at from intel_suggestion_jobs where user_id = ${userId} or user_id is null order by id desc limit 1`,
  );
  if (!row) return { status: 'none', requestedAt: null, finishedAt: null };
  return {
    status: row.status,
    requestedAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/* ---------- reads and feedback ---------- */

interface SuggestionDbRow {
  id: number;
  doctor_id: number;
  category: SuggestionCategory;
  priority: number;
  reasons: SuggestionReason[];
  status: SuggestionRow['status'];
  computed_at: string;
  expires_at: string;
  feedback_at: string | null;
}

async function toRows(db: Db | Tx, scope: DataScope, rows: SuggestionDbRow[]): Promise<SuggestionRow[]> {
  const doctors = await doctorSummaries(
    db,
    rows.map((r) => Number(r.doctor_id)),
    scope,
  );
  return rows.flatMap((r) => {
    const d = doctors.get(Number(r.doctor_id));
    if (!d) return []; // no longer in the caller's scope
    return [
      {
        id: Number(r.id),
        category: r.category,
        priority: Number(r.priority),
        doctor: ref(d),
        reasons: r.reasons,
        computedAt: new Date(r.computed_at).toISOString(),
        expiresAt: new Date(r.expires_at).toISOString(),
        status: r.status,
        feedbackAt: r.feedback_at ? new Date(r.feedback_at).toISOString() : null,
      },
    ];
  });
}

const COLUMNS = sql`s.id, s.doctor_id, s.category, s.priority, s.reasons, s.status, s.computed_at, s.expires_at, s.feedback_at`;

/** The caller's open, unexpired suggestions of a category, by priority (keyset on priority desc, id). */
export async function listSuggestions(
  db: Db,
  scope: DataScope,
  q: { category: SuggestionCategory; cursor?: string; size: number },
  now: Date,
): Promise<SuggestionPage> {
  const where = sql`s.user_id = ${scope.userId} and s.category = ${q.category} and s.status = 'open' and s.expires_at > ${now.toISOString()}::timestamptz
                    and s.doctor_id in ${doctorIdsInScope(scope)}`;
  // priority desc, id asc: as one descending key, (priority, −id)
  const cursor = decodeCursor(q.cursor, ['int', 'int']);
  const after = afterKey([sql`s.priority`, sql`(-s.id)`], cursor && [cursor[0], -cursor[1]]);
  const rows = await selectRows<SuggestionDbRow>(
    db,
    sql`select ${COLUMNS} from intel_suggestions s where ${where} and ${after} order by s.priority desc, s.id limit ${q.size + 1}`,
  );
  const count = await countUpTo(db, sql`from intel_suggestions s where ${where}`, L.countCap);
  const [computed] = await selectRows<{ at: string | null }>(db, sql`select max(computed_at) as at from intel_suggestions where user_id = ${scope.userId}`);
  const page = keysetPage(rows, q.size, (r) => [Number(r.priority), Number(r.id)]);
  return {
    list: await toRows(db, scope, page.rows),
    total: count.total,
    totalCapped: count.capped,
    nextCursor: page.nextCursor,
    computedAt: computed?.at ? new Date(computed.at).toISOString() : null,
    job: await suggestionJobState(db, scope.userId),
  };
}

/**
 * Stores the caller's feedback on one of their suggestions: done keeps the doctor out of the
 * category until the suggestion's expiry, dismissed for L.dismissDays (or until expiry if later).
 * Another user's suggestion, or one outside the scope, is 404.
 */
export async function suggestionFeedback(db: Db, scope: DataScope, id: number, action: SuggestionAction, now: Date): Promise<SuggestionRow> {
  const at = now.toISOString();
  const dismissUntil = new Date(now.getTime() + L.dismissDays * DAY_MS).toISOString();
  const rows = await selectRows<SuggestionDbRow>(
    db,
    sql`update intel_suggestions s set status = ${action}, feedback_at = ${at}::timestamptz,
               suppressed_until = ${action === 'done' ? sql`s.expires_at` : sql`greatest(s.expires_at, ${dismissUntil}::timestamptz)`}
         where s.id = ${id} and s.user_id = ${scope.userId} and s.doctor_id in ${doctorIdsInScope(scope)}
         returning ${COLUMNS}`,
  );
  if (rows.length === 0) throw notFound();
  const [row] = await toRows(db, scope, rows);
  if (!row) throw notFound();
  return row;
}
