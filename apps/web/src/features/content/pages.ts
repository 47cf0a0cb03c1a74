import { createElement } from 'react';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import { DYNAMICS_DEPARTMENTS, type ArticleChannel, type DynamicsDepartment } from '@field-portal/shared';

const channel = (name: ArticleChannel, department?: DynamicsDepartment) =>
  lazyPage(() => import('./pages/ChannelPage').then((m) => ({ default: () => createElement(m.ChannelPage, { channel: name, department }) })));

/** Screens of the content centre, news and information dynamics by menu router name (merged into app/routes/page-registry.tsx). */
export const CONTENT_PAGES: Record<string, LazyPage> = {
  contentCenterIndex: lazyPage(() => import('./pages/ContentCentrePage').then((m) => ({ default: m.ContentCentrePage }))),
  ccArticleDetail: lazyPage(() => import('./pages/ArticleDetailPage').then((m) => ({ default: m.ArticleDetailPage }))),
  contentDetail: lazyPage(() => import('./pages/ArticleDetailPage').then((m) => ({ default: m.ArticleDetailPage }))),
  newsIndex: channel('news'),
  companyDynamics: channel('companyDynamics'),
  departmentDynamics: channel('departmentDynamics'),
  ...Object.fromEntries(DYNAMICS_DEPARTMENTS.map((d) => [d, channel('departmentDynamics', d)])),
};
