import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const ADMIN_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  lang: lazy(() => import('./pages/LangPage').then((m) => ({ default: m.LangPage }))),
  org: lazy(() => import('./pages/OrgPage').then((m) => ({ default: m.OrgPage }))),
  menuManager: lazy(() => import('./pages/MenuPage').then((m) => ({ default: m.MenuPage }))),
  role: lazy(() => import('./pages/RolePage').then((m) => ({ default: m.RolePage }))),
  user: lazy(() => import('./pages/UserPage').then((m) => ({ default: m.UserPage }))),
  accessToken: lazy(() => import('./pages/AccessTokenPage').then((m) => ({ default: m.AccessTokenPage }))),
  userPermission: lazy(() => import('./pages/UserPermissionPage').then((m) => ({ default: m.UserPermissionPage }))),
};
