import type { RouteTitle } from '@/lib/session/route-table';

/** An open page in the tag bar (spec 001 sections 2.7 and 4). */
export interface Tag {
  /** Identity: the route's pathname. */
  path: string;
  /** Where a click goes: pathname plus query. */
  fullPath: string;
  title: RouteTitle;
  /**
   * The record the page shows, from its address (a doctor's or hospital's name, a content's
   * title): tabs of one page opened for several records read 业务记录 · 王玲, 业务记录 · 范紫林.
   */
  record?: string;
  /** Pinned: never closed (the dashboard). */
  affix: boolean;
}

export interface TagChange {
  tags: Tag[];
  /** Where to go after the change, or null to stay. */
  navigateTo: string | null;
}

/** Route parameters that name the record a page shows (menu rows' paths, spec 001 section 2.4). */
const RECORD_NAME_PARAMS = ['doctorName', 'nameDoctor', 'name', 'title'] as const;

/** The record named in a page's address, if its route names one. */
export function recordName(params: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const key of RECORD_NAME_PARAMS) {
    const value = decoded(params[key] ?? '').trim();
    if (value) return value;
  }
  return undefined;
}

/** A parameter as written: the hash address keeps it percent-encoded (a malformed one is kept as it is). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Pinned tags first, then the rest in the order they were opened. */
export function withAffix(tags: readonly Tag[], affix: readonly Tag[]): Tag[] {
  const pinned = affix.map((a) => ({ ...a, affix: true }));
  const pinnedPaths = new Set(pinned.map((a) => a.path));
  return [...pinned, ...tags.filter((t) => !pinnedPaths.has(t.path))];
}

/** Opens (or refreshes) the tag of a visited page. */
export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const index = tags.findIndex((t) => t.path === tag.path);
  if (index === -1) return [...tags, tag];
  const existing = tags[index]!;
  if (
    existing.fullPath === tag.fullPath &&
    existing.title.name === tag.title.name &&
    existing.title.nameEn === tag.title.nameEn &&
    existing.record === tag.record
  ) {
    return tags as Tag[];
  }
  const next = [...tags];
  next[index] = { ...tag, affix: existing.affix };
  return next;
}

/** Drops the tab of a page that sent the user elsewhere as it opened (a detail page without its record). */
export function dropTag(tags: readonly Tag[], path: string): Tag[] {
  return tags.some((t) => t.path === path && !t.affix) ? tags.filter((t) => t.path !== path) : (tags as Tag[]);
}

/** Closing the active tab moves to the last remaining tab, else home (spec 001 section 4). */
export function closeTag(tags: readonly Tag[], path: string, activePath: string, home: string): TagChange {
  const target = tags.find((t) => t.path === path);
  if (!target || target.affix) return { tags: tags as Tag[], navigateTo: null };
  const rest = tags.filter((t) => t.path !== path);
  if (path !== activePath) return { tags: rest, navigateTo: null };
  return { tags: rest, navigateTo: rest.at(-1)?.fullPath ?? home };
}

/** Keeps the pinned tabs and the chosen one, and shows the chosen one. */
export function closeOtherTags(tags: readonly Tag[], keepPath: string, activePath: string): TagChange {
  const keep = tags.find((t) => t.path === keepPath);
  const rest = tags.filter((t) => t.affix || t.path === keepPath);
  return { tags: rest, navigateTo: keep && keepPath !== activePath ? keep.fullPath : null };
}

/** Keeps only the pinned tabs and goes home (spec 001 section 4). */
export function closeAllTags(tags: readonly Tag[], activePath: string, home: string): TagChange {
  return { tags: tags.filter((t) => t.affix), navigateTo: activePath === home ? null : home };
}
