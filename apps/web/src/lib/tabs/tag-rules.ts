import type { RouteTitle } from '@/lib/session/route-table';

/** An open page in the tag bar (spec 001 sections 2.7 and 4). */
export interface Tag {
  /** Identity: the route's pathname. */
  path: string;
  /** Where a click goes: pathname plus query. */
  fullPath: string;
  title: RouteTitle;
  /** Pinned: never closed (the dashboard). */
  affix: boolean;
}

export interface TagChange {
  tags: Tag[];
  /** Where to go after the change, or null to stay. */
  navigateTo: string | null;
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
  if (existing.fullPath === tag.fullPath && existing.title.name === tag.title.name && existing.title.nameEn === tag.title.nameEn) {
    return tags as Tag[];
  }
  const next = [...tags];
  next[index] = { ...tag, affix: existing.affix };
  return next;
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
