import { type DoctorSummary, type IntelDoctor, type Lang, type RelationType } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { doctorSummaries, type DataScope } from '../customers/index.js';

/**
 * Doctor intelligence reads (docs/decisions/0024): what the doctor 360 view (doctor360.ts), the
 * KOL mapping (kol.ts) and the relations and networks (network.ts) share. Every read goes through
 * the caller's data scope (the customers service): a doctor outside it answers 404, and doctors
 * outside it never appear in a list, a network or a comparison.
 */

export interface IntelDeps {
  db: Db;
  now: () => number;
}

export const ref = (s: DoctorSummary): IntelDoctor => ({
  id: s.id,
  name: s.name,
  hospitalName: s.hospitalName,
  department: s.dept2Name ?? s.dept1Name,
  departmentCode: s.dept2Code ?? s.dept1Code,
  titleCode: s.titleCode,
});

export async function refs(db: Db | Tx, ids: readonly number[], scope: DataScope): Promise<Map<number, IntelDoctor>> {
  const summaries = await doctorSummaries(db, ids, scope);
  return new Map([...summaries].map(([id, s]) => [id, ref(s)]));
}

/* ---------- evidence ---------- */

const EVIDENCE: Record<RelationType, Record<Lang, (n: number, years: string) => string>> = {
  coauthor: { zh: (n, y) => `合著 ${n} 篇论文(${y})`, en: (n, y) => `co-authored ${n} paper${n === 1 ? '' : 's'} ${y}` },
  cospeaker: { zh: (n, y) => `同台讲课 ${n} 次(${y})`, en: (n, y) => `spoke at ${n} meeting${n === 1 ? '' : 's'} together ${y}` },
  coattend: { zh: (n, y) => `共同参会 ${n} 次(${y})`, en: (n, y) => `attended ${n} meeting${n === 1 ? '' : 's'} together ${y}` },
};

/** The evidence of a relation in words: "co-authored 3 papers 2021–2024". */
export function evidenceText(type: RelationType, count: number, first: number, last: number, lang: Lang): string {
  const years = first === last ? String(first) : `${first}–${last}`;
  return EVIDENCE[type][lang](count, years);
}
