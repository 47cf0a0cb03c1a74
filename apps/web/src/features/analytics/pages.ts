import type { ComponentType, LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const ANALYTICS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {};
