import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INTELLIGENCE_LIMITS,
  KOL_DIMENSIONS,
  KOL_GROUPS,
  contributionOf,
  roundKolScore,
  type KolDimension,
  type KolExplain,
  type KolPage,
  type KolTier,
  type KolWeight,
  type LookAlike,
  type ProvinceKol,
  type kolRankingQuery,
  type saveWeightsRequest,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/auth.js';
import { doctorInScope, findDoctorInScope, type DataScope } from '../customers/index.js';
import { regionsOf } from '../reference/index.js';
import { loadWeights } from './compute.js';
import { scoreHistory } from './history.js';
import { queueRecompute } from './jobs.js';
import { ref, refs } from './read-common.js';
import { asTotal, countUpTo, decodeCursor, encodeCursor } from '../../platform/paging/index.js';

/* ---------- KOL ---------- */

export async function kolWeights(db: Db | Tx): Promise<KolWeight[]> {
  const weights = await loadWeights(db);
  return KOL_DIMENSIONS.map((d) => ({ dimension: d, group: KOL_GROUPS[d], weight: weights[d] }));
}

/** Saves the weights (one transaction) and queues a recompute that applies them. */
export async function saveKolWeights(db: Db, user: CurrentUser, body: z.output<typeof saveWeightsRequest>): Promise<KolWeight[]> {
  await db.transaction(async (tx) => {
    for (const d of KOL_DIMENSIONS) {
      await tx.execute(sql`insert into intel_kol_weights (dimension, weight, updated_by, updated_at) values (${d}, ${body.weights[d]}, ${user.id}, now())
                           on conflict (dimension) do update set weight = excluded.weight, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
    }
    await queueRecompute(tx, user.id);
  });
  return kolWeights(db);
}

interface ScoreRow {
  doctor_id: number;
  province_code: string;
  score: number;
  tier: KolTier;
  pct: Record<KolDimension, number>;
  raw: Record<KolDimension, number>;
  computed_at: string;
}

export async function kolRanking(db: Db, scope: DataScope, q: z.output<typeof kolRankingQuery>): Promise<KolPage> {
  const cursor = decodeCursor(q.cursor, ['num', 'int', 'int']);
  const where = sql`s.indication = ${q.indication} and ${doctorInScope(scope, 's')}
    ${q.provinceCode ? sql`and s.province_code = ${q.provinceCode}` : sql``}
    ${q.tier ? sql`and s.tier = ${q.tier}` : sql``}`;
  const rows = await selectRows<ScoreRow>(
    db,
    sql`select s.doctor_id, s.province_code, s.score, s.tier, s.pct, s.computed_at from intel_kol_scores s
         where ${where} ${cursor ? sql`and (s.score, s.doctor_id) < (${cursor[0]}::real, ${cursor[1]})` : sql``}
         order by s.score desc, s.doctor_id desc limit ${q.size + 1}`,
  );
  const more = rows.length > q.size;
  const shown = more ? rows.slice(0, q.size) : rows;
  const [count, names] = await Promise.all([
    countUpTo(db, sql`from intel_kol_scores s where ${where}`, INTELLIGENCE_LIMITS.countCap).then(asTotal),
    refs(
      db,
      shown.map((r) => Number(r.doctor_id)),
      scope,
    ),
  ]);
  const startRank = cursor ? cursor[2] : 0;
  return {
    list: shown.map((r, i) => {
      const pct = r.pct;
      const top = KOL_DIMENSIONS.map((d) => ({ dimension: d, percentile: Number(pct[d] ?? 0) }))
        .sort((a, b) => b.percentile - a.percentile)
        .slice(0, 3);
      return {
        rank: startRank + i + 1,
        doctor: names.get(Number(r.doctor_id)) ?? {
          id: Number(r.doctor_id),
          name: `#${r.doctor_id}`,
          hospitalName: '',
          department: '',
          departmentCode: '',
          titleCode: '',
        },
        provinceCode: r.province_code,
        score: Number(r.score),
        tier: r.tier,
        top,
      };
    }),
    ...count,
    nextCursor: more ? encodeCursor([Number(shown.at(-1)!.score), Number(shown.at(-1)!.doctor_id), startRank + shown.length]) : null,
    computedAt: shown[0] ? new Date(shown[0].computed_at).toISOString() : null,
  };
}

export async function kolExplain(db: Db, scope: DataScope, indication: string, doctorId: number): Promise<KolExplain> {
  const summary = await findDoctorInScope(db, scope, doctorId);
  const [row] = await selectRows<ScoreRow & { rank: number; of: number }>(
    db,
    sql`select s.doctor_id, s.province_code, s.score, s.tier, s.pct, s.raw, s.computed_at,
               (select count(*)::int from intel_kol_scores x where x.indication = s.indication and x.score > s.score) + 1 as rank,
               (select count(*)::int from intel_kol_scores x where x.indication = s.indication) as of
          from intel_kol_scores s where s.indication = ${indication} and s.doctor_id = ${doctorId}`,
  );
  if (!row) throw notFound('intel.notScored');
  const [weights, history] = await Promise.all([loadWeights(db), scoreHistory(db, doctorId, indication)]);
  const total = KOL_DIMENSIONS.reduce((s, d) => s + weights[d], 0);
  return {
    history,
    doctor: ref(summary),
    indication,
    score: Number(row.score),
    tier: row.tier,
    rank: Number(row.rank),
    of: Number(row.of),
    computedAt: new Date(row.computed_at).toISOString(),
    dimensions: KOL_DIMENSIONS.map((d) => {
      const percentile = Number(row.pct[d] ?? 0);
      return {
        dimension: d,
        raw: Number(row.raw[d] ?? 0),
        percentile,
        weight: weights[d],
        contribution: Math.round(contributionOf(percentile, weights[d], total) * 100) / 100,
      };
    }),
  };
}

export async function kolCompare(db: Db, scope: DataScope, indication: string, doctorIds: number[]): Promise<KolExplain[]> {
  const out: KolExplain[] = [];
  for (const id of doctorIds) out.push(await kolExplain(db, scope, indication, id));
  return out;
}

export async function kolProvinces(db: Db, scope: DataScope, indication: string): Promise<ProvinceKol[]> {
  const [rows, provinces] = await Promise.all([
    selectRows<{ province_code: string; n: number; t1: number; t2: number; mean: number }>(
      db,
      sql`select s.province_code, count(*)::int as n, count(*) filter (where s.tier = 'T1')::int as t1, count(*) filter (where s.tier = 'T2')::int as t2, avg(s.score)::float8 as mean
            from intel_kol_scores s where s.indication = ${indication} and ${doctorInScope(scope, 's')}
           group by s.province_code order by n desc`,
    ),
    regionsOf(db, 1),
  ]);
  const names = new Map(provinces.map((p) => [p.code, p.name]));
  return rows.map((r) => ({
    provinceCode: r.province_code,
    province: names.get(r.province_code) ?? r.province_code,
    doctors: Number(r.n),
    t1: Number(r.t1),
    t2: Number(r.t2),
    meanScore: roundKolScore(Number(r.mean)),
  }));
}

/** The doctors most similar to one over the percentile vector of its strongest indication. */
export async function lookAlike(db: Db, scope: DataScope, doctorId: number, size: number): Promise<{ indication: string | null; list: LookAlike[] }> {
  await findDoctorInScope(db, scope, doctorId);
  const [target] = await selectRows<ScoreRow & { indication: string }>(
    db,
    sql`select indication, doctor_id, score, pct from intel_kol_scores where doctor_id = ${doctorId} order by score desc limit 1`,
  );
  if (!target) return { indication: null, list: [] };
  const candidates = await selectRows<ScoreRow>(
    db,
    sql`select s.doctor_id, s.score, s.pct from intel_kol_scores s
         where s.indication = ${target.indication} and s.doctor_id <> ${doctorId} and ${doctorInScope(scope, 's')}
         order by abs(s.score - ${Number(target.score)}::real), s.doctor_id limit 2000`,
  );
  const vector = (pct: Record<KolDimension, number>) => KOL_DIMENSIONS.map((d) => Number(pct[d] ?? 0));
  const t = vector(target.pct);
  const scored = candidates
    .map((c) => {
      const v = vector(c.pct);
      const distance = Math.sqrt(v.reduce((s, x, i) => s + (x - t[i]!) ** 2, 0));
      // 1 when identical, 0 at the largest possible distance (100 on every dimension).
      return { id: Number(c.doctor_id), v, similarity: Math.round((1 - distance / (100 * Math.sqrt(t.length))) * 1000) / 1000 };
    })
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, size);
  const names = await refs(
    db,
    scored.map((s) => s.id),
    scope,
  );
  return {
    indication: target.indication,
    list: scored
      .filter((s) => names.has(s.id))
      .map((s) => ({
        doctor: names.get(s.id)!,
        similarity: s.similarity,
        features: KOL_DIMENSIONS.map((d, i) => ({ name: d, value: s.v[i]!, target: t[i]! })),
      })),
  };
}
