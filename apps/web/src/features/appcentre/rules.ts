import type { AppRecord } from '@field-portal/shared';

/** An app's name in the interface language; an empty English name falls back to the Chinese one. */
export const appName = (app: Pick<AppRecord, 'name' | 'nameEn'>, lang: 'zh' | 'en') => (lang === 'en' && app.nameEn ? app.nameEn : app.name);

export interface AppGroup {
  classificationId: number;
  name: string;
  apps: AppRecord[];
}

/** The user's apps by classification, in the order the server lists them (classification sort, then app sort). */
export function groupByClassification(apps: readonly AppRecord[], lang: 'zh' | 'en'): AppGroup[] {
  const groups = new Map<number, AppGroup>();
  for (const app of apps) {
    let group = groups.get(app.classificationId);
    if (!group) {
      group = {
        classificationId: app.classificationId,
        name: lang === 'en' && app.classificationNameEn ? app.classificationNameEn : app.classificationName,
        apps: [],
      };
      groups.set(app.classificationId, group);
    }
    group.apps.push(app);
  }
  return [...groups.values()];
}

/** The badge counts of the apps by id (message values of v1); apps without one show none. */
export const badgeCounts = (values: readonly { appId: number; value: number }[]) => new Map(values.filter((v) => v.value > 0).map((v) => [v.appId, v.value]));
