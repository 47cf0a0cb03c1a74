import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaList } from '@vant/area-data';
import { CHINA_MAP_FILE, chinaMapText } from '../../../../build/china-map';
import type { ProvinceCollection } from './china-map';

const map = JSON.parse(fs.readFileSync(CHINA_MAP_FILE, 'utf8')) as ProvinceCollection;
/** Our reference data's provinces: the mainland ones of @vant/area-data (the server's regions seed drops 71, 81, 82). */
const mainland = Object.entries(areaList.province_list).filter(([code]) => !['71', '81', '82'].includes(code.slice(0, 2)));

describe('the province map', () => {
  it('has a shape for each of the 31 mainland provinces of the reference data, named by its code', () => {
    expect(mainland).toHaveLength(31);
    const codes = new Set(map.features.map((f) => f.properties.name));
    for (const [code, name] of mainland) {
      expect(codes.has(code), `${code} ${name}`).toBe(true);
      // the same province: the reference name starts with the map's short name (北京 / 北京市, 内蒙古 / 内蒙古自治区)
      const feature = map.features.find((f) => f.properties.name === code)!;
      expect(name.startsWith(feature.properties.label), `${code} ${name} / ${feature.properties.label}`).toBe(true);
    }
  });
  it('draws Taiwan, Hong Kong and Macao too, and nothing else', () => {
    expect(map.features.map((f) => f.properties.name).filter((c) => !mainland.some(([code]) => code === c))).toEqual(['710000', '810000', '820000']);
  });
  it("is the package's geometry as build/china-map.ts trims it", () => {
    expect(fs.readFileSync(CHINA_MAP_FILE, 'utf8')).toBe(chinaMapText());
  });
});
