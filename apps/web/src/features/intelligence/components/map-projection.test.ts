import { describe, expect, it } from 'vitest';
import geo from './china-provinces.geo.json';
import type { ProvinceCollection } from './china-map';
import { mixColour, projectMap } from './map-projection';

const features = (geo as unknown as ProvinceCollection).features;

describe('projectMap', () => {
  it('draws every province inside the box, north up and east right', () => {
    const { paths, centres } = projectMap(features, 600, 400, 0.98);
    expect(paths.size).toBe(features.length);
    for (const d of paths.values()) {
      expect(d).toMatch(/^M/);
      for (const m of d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)) {
        expect(Number(m[1])).toBeGreaterThanOrEqual(-0.5);
        expect(Number(m[1])).toBeLessThanOrEqual(600.5);
        expect(Number(m[2])).toBeGreaterThanOrEqual(-0.5);
        expect(Number(m[2])).toBeLessThanOrEqual(400.5);
      }
    }
    const beijing = centres.get('110000')!;
    const hainan = centres.get('460000')!;
    const xinjiang = centres.get('650000')!;
    const shanghai = centres.get('310000')!;
    expect(beijing[1]).toBeLessThan(hainan[1]);
    expect(xinjiang[0]).toBeLessThan(shanghai[0]);
  });
});

it('mixes a colour scale evenly between its stops', () => {
  expect(mixColour(['#000000', '#ffffff'], 0)).toBe('rgb(0, 0, 0)');
  expect(mixColour(['#000000', '#ffffff'], 1)).toBe('rgb(255, 255, 255)');
  expect(mixColour(['#000000', '#ff0000', '#ffffff'], 0.5)).toBe('rgb(255, 0, 0)');
  expect(mixColour(['#000000', '#ffffff'], Number.NaN)).toBe('rgb(0, 0, 0)');
});
