import type { LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const FEED_PAGES: Record<string, LazyPage> = {};
