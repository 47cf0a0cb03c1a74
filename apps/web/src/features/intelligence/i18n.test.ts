import { describe, expect, it } from 'vitest';
import { intelligenceWords } from './i18n';

const { zh, en } = intelligenceWords.labels;

describe('the words of one figure are the same words on every screen', () => {
  it("name the scored papers dimension as the indication's papers, in the ranking, the radar and the explanation", () => {
    // What compute.ts scores: the doctor's papers in the indication. The ranking's strongest
    // dimensions and the radar write dim.paper; the explanation writes it with the indication.
    expect(zh['dim.paper']).toBe('适应症论文');
    expect(en['dim.paper']).toBe('Papers in the indication');
    expect(zh['intel.explain.paper']).toBe(`${zh['dim.paper']}({{indication}})`);
    expect(en['intel.explain.paper']).toBe(`${en['dim.paper']} ({{indication}})`);
    // Doctor 360 counts all of a doctor's papers and says so.
    expect(zh['intel.papers.all']).toBe('全部论文');
    expect(en['intel.papers.all']).toBe('All papers');
  });

  it("call the area map's first doctor by the figure it is first by: network influence (PageRank)", () => {
    expect(zh['intel.area.central']).toContain(zh['dim.network']);
    expect(en['intel.area.central'].toLowerCase()).toContain(en['dim.network'].toLowerCase());
    expect(zh['intel.area.truncated']).toContain(zh['dim.network']);
    expect(en['intel.area.truncated'].toLowerCase()).toContain(en['dim.network'].toLowerCase());
    expect(en['intel.area.central']).not.toMatch(/central/i);
  });
});
