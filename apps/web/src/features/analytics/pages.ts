import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { REPORT_ROUTERS } from '@field-portal/shared';

const screen = (router: string) => lazy(() => import('./ReportScreen').then((m) => ({ default: () => createElement(m.ReportScreen, { router }) })));

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx): one report screen per report router. */
export const ANALYTICS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(REPORT_ROUTERS.map((router) => [router, screen(router)]));
