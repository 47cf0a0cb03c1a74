import { describe, expect, it } from 'vitest';
import { layout, percentRanks, rawValues } from './compute.js';
import { evidenceText } from './service.js';

describe('recompute rules', () => {
  it('ranks values as percent_rank, ties together', () => {
    expect(percentRanks([5, 0, 10, 0, 3])).toEqual([75, 0, 100, 0, 50]);
    expect(percentRanks([4])).toEqual([0]);
  });
  it('derives each raw value from its source', () => {
    const raw = rawValues(
      { titleCode: 'CHIEF', hospitalLevel: '3A', outpatientDays: 4 },
      {
        items: { advisory: 1, guideline: 2, committee: 3, association: 4, trial: 5, conference: 6, editorial: 7, nsfc: 2, education: 8 },
        papers: 9,
        meetingsSpoken: 2,
        pagerankRelative: 1.23456,
      },
    );
    expect(raw).toEqual({
      advisoryBoard: 1,
      guideline: 2,
      committee: 3,
      association: 4,
      clinicalTrial: 5,
      conference: 8,
      paper: 9,
      editorialBoard: 7,
      background: 3 + 2 + 2,
      network: 1.235,
      clinicalExperience: 4,
      patientEducation: 8,
    });
  });
  it('places every node, members of a community near each other', () => {
    const nodes = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: i + 1, community: 1 })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, community: 2 })),
    ];
    const pos = layout(nodes);
    expect(pos.size).toBe(40);
    const centre = (ids: number[]) =>
      ids.map((id) => pos.get(id)!).reduce((s, p) => ({ x: s.x + p.x / ids.length, y: s.y + p.y / ids.length }), { x: 0, y: 0 });
    const a = centre(nodes.filter((n) => n.community === 1).map((n) => n.id));
    const b = centre(nodes.filter((n) => n.community === 2).map((n) => n.id));
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(5);
  });
  it('writes the evidence of a relation', () => {
    expect(evidenceText('coauthor', 3, 2021, 2024, 'en')).toBe('co-authored 3 papers 2021–2024');
    expect(evidenceText('coauthor', 1, 2022, 2022, 'en')).toBe('co-authored 1 paper 2022');
    expect(evidenceText('cospeaker', 2, 2025, 2026, 'zh')).toBe('同台讲课 2 次(2025–2026)');
  });
});
