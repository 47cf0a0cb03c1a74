import { describe, expect, it } from 'vitest';
import type { AppRecord } from '@field-portal/shared';
import { appName, badgeCounts, groupByClassification } from './rules';

const app = (id: number, classificationId: number, extra: Partial<AppRecord> = {}): AppRecord => ({
  id,
  appKey: `app-${id}`,
  name: `应用${id}`,
  nameEn: `App ${id}`,
  classificationId,
  classificationName: `分类${classificationId}`,
  classificationNameEn: `Class ${classificationId}`,
  icon: '',
  url: '',
  description: '',
  sort: 0,
  enabled: true,
  roleIds: [],
  menus: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('app centre rules', () => {
  it('names an app in the interface language, falling back to Chinese', () => {
    expect(appName(app(1, 1), 'en')).toBe('App 1');
    expect(appName(app(1, 1), 'zh')).toBe('应用1');
    expect(appName(app(1, 1, { nameEn: '' }), 'en')).toBe('应用1');
  });

  it('groups apps by classification keeping the server order', () => {
    const groups = groupByClassification([app(1, 2), app(2, 2), app(3, 1, { classificationNameEn: '' }), app(4, 2)], 'en');
    expect(groups.map((g) => [g.classificationId, g.name, g.apps.map((a) => a.id)])).toEqual([
      [2, 'Class 2', [1, 2, 4]],
      [1, '分类1', [3]],
    ]);
  });

  it('shows a badge only for a positive message value', () => {
    const counts = badgeCounts([
      { appId: 1, value: 3 },
      { appId: 2, value: 0 },
    ]);
    expect(counts.get(1)).toBe(3);
    expect(counts.has(2)).toBe(false);
  });
});
