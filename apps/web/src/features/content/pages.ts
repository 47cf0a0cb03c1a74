import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { DYNAMICS_DEPARTMENTS, type ArticleChannel, type DynamicsDepartment } from '@field-portal/shared';

const channel = (name: ArticleChannel, department?: DynamicsDepartment) =>
  lazy(() => import('./pages/ChannelPage').then((m) => ({ default: () => createElement(m.ChannelPage, { channel: name, department }) })));

/** Screens of the content centre, news and information dynamics by menu router name (merged into app/routes/page-registry.tsx). */
export const CONTENT_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  contentCenterIndex: lazy(() => import('./pages/ContentCentrePage').then((m) => ({ default: m.ContentCentrePage }))),
  ccArticleDetail: lazy(() => import('./pages/ArticleDetailPage').then((m) => ({ default: m.ArticleDetailPage }))),
  contentDetail: lazy(() => import('./pages/ArticleDetailPage').then((m) => ({ default: m.ArticleDetailPage }))),
  newsIndex: channel('news'),
  companyDynamics: channel('companyDynamics'),
  departmentDynamics: channel('departmentDynamics'),
  ...Object.fromEntries(DYNAMICS_DEPARTMENTS.map((d) => [d, channel('departmentDynamics', d)])),
};
