import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const ADMIN_PAGES: Record<string, LazyPage> = {
  lang: lazyPage(() => import('./pages/LangPage').then((m) => ({ default: m.LangPage }))),
  org: lazyPage(() => import('./pages/OrgPage').then((m) => ({ default: m.OrgPage }))),
  menuManager: lazyPage(() => import('./pages/MenuPage').then((m) => ({ default: m.MenuPage }))),
  role: lazyPage(() => import('./pages/RolePage').then((m) => ({ default: m.RolePage }))),
  user: lazyPage(() => import('./pages/UserPage').then((m) => ({ default: m.UserPage }))),
  accessToken: lazyPage(() => import('./pages/AccessTokenPage').then((m) => ({ default: m.AccessTokenPage }))),
  userPermission: lazyPage(() => import('./pages/UserPermissionPage').then((m) => ({ default: m.UserPermissionPage }))),
  setting: lazyPage(() => import('./pages/SettingPage').then((m) => ({ default: m.SettingPage }))),
  messageManger: lazyPage(() => import('./pages/MessageGroupPage').then((m) => ({ default: m.MessageGroupPage }))),
  messageEdit: lazyPage(() => import('./pages/MessageEditPage').then((m) => ({ default: m.MessageEditPage }))),
};
