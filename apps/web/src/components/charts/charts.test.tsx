import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarsChart } from './BarsChart';
import { ChartDataTable } from './ChartFrame';
import { CartesianChart } from './CartesianChart';
import { CartesianPlot } from './CartesianPlot';
import { PieChart } from './PieChart';
import { RadarChart } from './RadarChart';
import { Sparkline } from './Sparkline';
import { categoryLabels, valueScale } from './cartesian-geometry';
import { linePath } from './line-path';
import { textWidth, truncate, wrapText } from './geometry';
import { pieAngles, sectorPath, spreadLabels } from './pie-geometry';

afterEach(cleanup);

describe('valueScale', () => {
  it('takes round steps and keeps zero on the axis', () => {
    expect(valueScale(3, 87)).toEqual({ min: 0, max: 100, ticks: [0, 20, 40, 60, 80, 100] });
    expect(valueScale(-12, 30).ticks).toEqual([-20, -10, 0, 10, 20, 30]);
    expect(valueScale(0.1, 0.7).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });
  it('steps by whole numbers when asked, and gives an empty range an axis', () => {
    expect(valueScale(0, 2, { integer: true }).ticks).toEqual([0, 1, 2]);
    expect(valueScale(0, 0, { integer: true }).ticks).toEqual([0, 1]);
  });
  it('keeps fixed ends', () => {
    const scale = valueScale(40, 60, { fixed: { min: 0, max: 100 } });
    expect([scale.min, scale.max]).toEqual([0, 100]);
    expect(scale.ticks[0]).toBe(0);
    expect(scale.ticks[scale.ticks.length - 1]).toBe(100);
  });
});

describe('linePath', () => {
  it('draws straight segments from point to point, never a curve between them', () => {
    expect(
      linePath([
        [0, 10],
        [10, 0],
        [20, 5.123],
      ]),
    ).toBe('M0,10L10,0L20,5.12');
    expect(linePath([])).toBe('');
  });
  it('draws counts of zero on the zero line: nothing between two points goes below them', () => {
    // A count of 1 between two days of 0, the chat log's shape: the path visits only the three points.
    const d = linePath([
      [0, 100],
      [10, 50],
      [20, 100],
      [30, 100],
    ]);
    const ys = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => Number(m[2]));
    expect(ys).toEqual([100, 50, 100, 100]);
    expect(d).not.toMatch(/[CQS]/);
  });
});

describe('categoryLabels', () => {
  const teams = ['华东区', '华北区', '华南区', '华西区', '医学部', '市场部', '信息技术部', '销售运营部'];
  it('writes every name level when the names fit their band', () => {
    expect(categoryLabels(['A', 'B'], 80)).toMatchObject({ every: 1, slant: false });
  });
  it('slants names that do not fit level, and writes every one of them (目标数据 leaves no team unnamed)', () => {
    const labels = categoryLabels(teams, 50);
    expect(labels).toMatchObject({ every: 1, slant: true });
    expect(labels.slantDrop).toBeGreaterThan(0);
  });
  it('thins only dates and other points of a sequence, which a reader counts between', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    expect(categoryLabels(days, 14)).toMatchObject({ slant: false });
    expect(categoryLabels(days, 14).every).toBeGreaterThan(1);
    expect(categoryLabels(['2026-10', '2026-11'], 200)).toMatchObject({ every: 1, slant: false });
  });
  it('thins slanted names only when even slanted they would overlap', () => {
    expect(categoryLabels(teams, 8).every).toBeGreaterThan(1);
  });
});

describe('pie geometry', () => {
  it('shares the circle by value, with percentages', () => {
    const arcs = pieAngles([1, 1, 2]);
    expect(arcs.map((a) => a.percent)).toEqual([25, 25, 50]);
    // One decimal, as formatPercent writes a share and as the server rounds the tables' shares.
    expect(pieAngles([3534, 6466]).map((a) => a.percent)).toEqual([35.3, 64.7]);
    expect(pieAngles([1, 2]).map((a) => a.percent)).toEqual([33.3, 66.7]);
    expect(arcs[2]!.end).toBeCloseTo(Math.PI * 2);
    expect(arcs[1]!.mid).toBeCloseTo((Math.PI * 3) / 4);
  });
  it('draws a whole ring when one slice holds everything', () => {
    expect(sectorPath(20, 40, 0, Math.PI * 2).match(/A/g)).toHaveLength(4);
  });
  it('moves labels apart within the box', () => {
    expect(spreadLabels([50, 52, 54], 15, 0, 200)).toEqual([50, 65, 80]);
    expect(spreadLabels([195, 190], 15, 0, 200)).toEqual([200, 185]);
  });
});

it('breaks a label too long for its room between words, then cuts the second line', () => {
  // without a canvas, a Latin character is 7 px wide and a Chinese one 12
  expect(wrapText('General hospital: 1,023', 200)).toEqual(['General hospital: 1,023']);
  expect(wrapText('General hospital: 1,023', 130)).toEqual(['General hospital:', '1,023']);
  const long = wrapText('Maternal and child health hospital: 32', 140);
  expect(long).toEqual(['Maternal and child', 'health hospital: 32']);
  expect(long.every((line) => textWidth(line) <= 140)).toBe(true);
  const longer = wrapText('Traditional Chinese medicine hospital of integrated care: 32', 130);
  expect(longer).toHaveLength(2);
  expect(longer[1]!.endsWith('…')).toBe(true);
  expect(wrapText('妇幼保健院妇幼保健院: 32', 80)).toEqual(['妇幼保健院妇', '幼保健院: 32']);
  expect(wrapText('General hospital: 1,023', 130, 1)).toEqual([truncate('General hospital: 1,023', 130)]);
});

it('cuts a long label with an ellipsis', () => {
  expect(truncate('short', 200)).toBe('short');
  const cut = truncate('a very long hospital name indeed', 60);
  expect(cut.endsWith('…')).toBe(true);
  expect(cut.length).toBeLessThan(20);
});

describe('CartesianChart', () => {
  it('draws a bar per value with its label, and a tooltip of the category under the pointer', () => {
    const { container } = render(
      <CartesianChart height={220} categories={['A', 'B', 'C']} series={[{ name: 'visits', values: [3, 0, 7] }]} labels integer testId="c" label="visits" />,
    );
    const svg = screen.getByRole('img', { name: 'visits' });
    expect(container.querySelectorAll('svg rect')).toHaveLength(3);
    // A category's text is its label after its full name (a <title>).
    expect([...svg.querySelectorAll('text')].map((t) => t.lastChild?.textContent)).toEqual(expect.arrayContaining(['A', 'B', 'C', '3', '7']));
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, right: 600, bottom: 220, width: 600, height: 220, x: 0, y: 0, toJSON: () => ({}) });
    // The plot spans x 24..584 in 600 px (one-digit ticks); the last third is C.
    fireEvent.mouseMove(svg, { clientX: 500, clientY: 100 });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('C');
    expect(tip.textContent).toContain('visits');
    expect(tip.textContent).toContain('7');
  });
  it('names every team under a narrow axis, and joins the points of a line with straight segments', () => {
    const teams = ['华东区', '华北区', '华南区', '华西区', '医学部', '市场部', '信息技术部', '销售运营部'];
    render(
      <CartesianChart height={300} kind="line" categories={teams} series={[{ name: 'visits', values: [0, 1, 0, 2, 0, 0, 3, 1] }]} label="visits by team" />,
    );
    const svg = screen.getByRole('img', { name: 'visits by team' });
    const written = [...svg.querySelectorAll('text title')].map((t) => t.textContent);
    expect(written).toEqual(teams);
    const line = svg.querySelector('path[stroke]')!.getAttribute('d')!;
    expect(line).toMatch(/^M[\d.,]+(L[\d.,]+){7}$/);
  });
  it('hides a series from its legend and reports clicks by category', () => {
    const clicked: number[] = [];
    render(
      <CartesianChart
        height={300}
        legend
        categories={['x', 'y']}
        series={[
          { name: 'one', values: [1, 2] },
          { name: 'two', values: [3, 4], kind: 'line' },
        ]}
        onClick={(i) => clicked.push(i)}
        label="two series"
      />,
    );
    const svg = screen.getByRole('img', { name: 'two series' });
    expect(svg.querySelectorAll('circle')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    expect(svg.querySelectorAll('circle')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'two' }).getAttribute('aria-pressed')).toBe('false');
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, right: 600, bottom: 272, width: 600, height: 272, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(svg, { clientX: 100, clientY: 100 });
    expect(clicked).toEqual([0]);
  });
});

describe('BarsChart', () => {
  it("draws horizontal bars, the first category at the bottom, without the lines' code", () => {
    const { container } = render(
      <BarsChart height={200} horizontal categories={['low', 'high']} series={[{ name: 'doctors', values: [2, 9] }]} labels label="doctors" />,
    );
    const bars = [...container.querySelectorAll('svg rect')];
    expect(bars).toHaveLength(2);
    // horizontal: the longer bar is the second category's, drawn above the first
    const [first, second] = bars.map((b) => ({ y: Number(b.getAttribute('y')), w: Number(b.getAttribute('width')) }));
    expect(second!.w).toBeGreaterThan(first!.w);
    expect(second!.y).toBeLessThan(first!.y);
    expect(container.querySelector('svg path[stroke]')).toBeNull();
  });

  it("gives a horizontal chart's names up to two fifths of its width before cutting one", () => {
    const names = ['Obstetrics and gynaecology', 'Traditional Chinese medicine and pharmacology of the south-west region'];
    const { container } = render(
      <BarsChart height={200} horizontal categoryLabelWidth={104} categories={names} series={[{ name: 'doctors', values: [2, 9] }]} label="doctors" />,
    );
    // Drawn 600 wide in a unit test: 240 px for the names, more than the 104 asked for and less than the longer one needs.
    expect(textWidth(names[0]!)).toBeGreaterThan(104);
    const written = [...container.querySelectorAll('svg text')].map((t) => t.lastChild?.textContent ?? '');
    expect(written).toContain(names[0]);
    expect(written.find((t) => t.startsWith('Traditional'))!.endsWith('…')).toBe(true);
  });

  it('refuses a line series given to the plot without a way to draw lines', () => {
    expect(() =>
      render(<CartesianPlot linePath={null} height={200} categories={['a']} series={[{ name: 'l', values: [1], kind: 'line' }]} label="l" />),
    ).toThrow('BarsChart');
  });
});

it('PieChart draws a slice and a label per value', () => {
  render(
    <PieChart
      height={300}
      slices={[
        { name: 'yes', value: 3 },
        { name: 'no', value: 1 },
      ]}
      label={(n, _v, p) => `${n} ${p}%`}
      ariaLabel="answers"
    />,
  );
  const svg = screen.getByRole('img', { name: 'answers' });
  expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['yes 75%', 'no 25%']);
  fireEvent.click(screen.getByRole('button', { name: 'no' }));
  expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['yes 100%']);
});

it("Sparkline's tooltip writes a value as the caller asks", () => {
  render(<Sparkline width={140} height={44} min={0} max={100} labels={['a', 'b']} name="score" values={[40, 52.3]} valueFormat={(v) => v.toFixed(1)} />);
  fireEvent.mouseMove(screen.getByRole('img', { name: 'score' }), { clientX: 0, clientY: 10 });
  expect(document.body.textContent).toContain('40.0');
});

it('RadarChart draws a polygon per series over its rings', () => {
  render(
    <RadarChart
      height={380}
      indicators={[
        { name: 'a', max: 100 },
        { name: 'b', max: 100 },
        { name: 'c', max: 100 },
      ]}
      series={[
        { name: 'Dr 1', values: [10, 50, 90] },
        { name: 'Dr 2', values: [90, 50, 10] },
      ]}
      ariaLabel="radar"
    />,
  );
  // Five rings and two series.
  expect(screen.getByRole('img', { name: 'radar' }).querySelectorAll('polygon')).toHaveLength(7);
});

describe('ChartDataTable', () => {
  it('hides its table inside a clipped 1 px box, so hundreds of rows take no room on the page, and leaves it to screen readers', () => {
    const rows = Array.from({ length: 340 }, (_, k) => ({ name: `Dr ${k}`, values: [String(k)] }));
    render(<ChartDataTable caption="links" columns={['weight']} rows={rows} />);
    const table = screen.getByRole('table', { name: 'links' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(340);
    // A table ignores a height of 1 px: the box that hides it must be a block around it.
    expect(table.className).toBe('');
    const box = table.parentElement!;
    expect(box.tagName).toBe('DIV');
    expect(box.className).toBe('fp-visually-hidden');
    // Hidden by size and clipping, never in a way that hides it from screen readers too.
    const globalCss = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../styles/global.css'), 'utf8');
    const rule = /\.fp-visually-hidden\s*\{([^}]*)\}/.exec(globalCss)?.[1] ?? '';
    for (const part of [/position:\s*absolute/, /height:\s*1px/, /width:\s*1px/, /overflow:\s*hidden/]) expect(rule).toMatch(part);
    expect(rule).not.toMatch(/display:\s*none|visibility:\s*hidden/);
    expect(box.closest('[aria-hidden="true"]')).toBeNull();
  });
});
