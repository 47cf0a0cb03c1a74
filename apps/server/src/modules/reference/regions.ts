import { areaList } from '@vant/area-data';
import { CITY_TIER_NAMES } from '@field-portal/shared';

/**
 * Mainland China's provinces, cities and counties with their administrative codes, from
 * @vant/area-data (MIT, maintained with the national code list), and a tier for every city.
 */
export interface Region {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  parentCode: string | null;
  cityLevel: number | null;
}

/** Taiwan, Hong Kong and Macao are outside the mainland data the portal covers. */
const OUTSIDE_MAINLAND = new Set(['71', '81', '82']);
const EAST = new Set(['11', '12', '13', '21', '31', '32', '33', '35', '37', '44', '46']);
const CENTRAL = new Set(['14', '22', '23', '34', '36', '41', '42', '43']);

/**
 * Tiers 1–3 by name (CITY_TIER_NAMES); below them, by rule: provincial capitals and eastern
 * cities tier 3 (level 4), central cities tier 4 (level 5), western cities tier 5 (level 6).
 */
export function cityLevelOf(code: string, name: string): number {
  for (const level of [1, 2, 3] as const) if (CITY_TIER_NAMES[level].includes(name)) return level;
  const province = code.slice(0, 2);
  if (code.slice(2) === '0100' || EAST.has(province)) return 4;
  return CENTRAL.has(province) ? 5 : 6;
}

let cached: Region[] | undefined;

/** Every mainland region, provinces first, then cities, then counties, each by code. */
export function mainlandRegions(): Region[] {
  if (cached) return cached;
  const inMainland = (code: string) => !OUTSIDE_MAINLAND.has(code.slice(0, 2));
  const provinces = Object.entries(areaList.province_list).filter(([code]) => inMainland(code));
  const cities = Object.entries(areaList.city_list).filter(([code]) => inMainland(code));
  const counties = Object.entries(areaList.county_list ?? {}).filter(([code]) => inMainland(code));
  cached = [
    ...provinces.map(([code, name]): Region => ({ code, name, level: 1, parentCode: null, cityLevel: null })),
    ...cities.map(([code, name]): Region => ({ code, name, level: 2, parentCode: `${code.slice(0, 2)}0000`, cityLevel: cityLevelOf(code, name) })),
    ...counties.map(([code, name]): Region => ({ code, name, level: 3, parentCode: `${code.slice(0, 4)}00`, cityLevel: null })),
  ];
  return cached;
}

/** Whether a city entry is a real city (not a grouping such as 县 or 省直辖县). */
export const isRealCity = (name: string) => /(市|州|盟|地区)$/.test(name) && !name.includes('直辖');
