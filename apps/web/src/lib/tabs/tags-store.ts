import { useSyncExternalStore } from 'react';
import type { Tag } from '@/lib/tabs/tag-rules';

/** Session storage key of the open tabs, so a reload keeps them (log-out clears session storage). */
export const TAGS_STORAGE_KEY = 'visitedViews';

type Listener = () => void;

function load(): Tag[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isTag) : [];
  } catch {
    return [];
  }
}

function isTag(value: unknown): value is Tag {
  const v = value as Partial<Tag> | null;
  return (
    typeof v?.path === 'string' &&
    typeof v.fullPath === 'string' &&
    typeof v.title?.name === 'string' &&
    typeof v.title.nameEn === 'string' &&
    (v.record === undefined || typeof v.record === 'string')
  );
}

let tags: Tag[] = load();
const listeners = new Set<Listener>();

export const tagsStore = {
  get: (): Tag[] => tags,
  set(next: Tag[]) {
    if (next === tags) return;
    tags = next;
    sessionStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify(next));
    for (const listener of listeners) listener();
  },
  /** Log-out and an ended session close every tab. */
  reset() {
    tags = [];
    sessionStorage.removeItem(TAGS_STORAGE_KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTags(): Tag[] {
  return useSyncExternalStore(tagsStore.subscribe, tagsStore.get);
}
