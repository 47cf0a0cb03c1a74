import { lazy, Suspense, type ReactNode } from 'react';
import { DATA } from '@/lib/data-text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Tabs, Tag } from 'antd';
import { API, type AppRecord, type ClassificationRecord } from '@field-portal/shared';
import { useAppCentreWords, appCentreWords, type AppCentreLabelKey } from '../i18n';
import { AppImage } from '../components/AppImage';
import { CrudScreen } from '@/components/crud';
import { appCentreChecks } from '../checks-on-save';
import './app-management/app-management.css';
import { classificationChoices, roleChoices } from './app-management/choices';
import { bilingual } from '@/lib/i18n';

const P = API.apps;

/** The app form's items, loaded with its dialog. */
const AppFields = lazy(() => import('./app-management/AppFields').then((m) => ({ default: m.AppFields })));
/** The carousel, opening-screen and import tabs load their panel's code when they are chosen. */
const CarouselTab = lazy(() => import('./app-management/CarouselTab').then((m) => ({ default: m.CarouselTab })));
const OpeningScreenTab = lazy(() => import('./app-management/OpeningScreenTab').then((m) => ({ default: m.OpeningScreenTab })));
const OrgImportTab = lazy(() => import('./app-management/OrgImportTab').then((m) => ({ default: m.OrgImportTab })));

/** A tab's panel while its code arrives. */
const panel = (children: ReactNode) => <Suspense fallback={<Spin className="fp-apps-panel-loading" />}>{children}</Suspense>;

/** /system/appManagement: apps, classifications, carousel, opening screen and the organisation import (spec 001 section 7.8). */
export function AppManagementPage() {
  const { t } = useAppCentreWords();
  return (
    <Tabs
      className="fp-apps-tabs"
      defaultActiveKey="apps"
      destroyOnHidden
      items={[
        { key: 'apps', label: t('apps.tab.apps'), children: <AppsTab /> },
        { key: 'classifications', label: t('apps.tab.classifications'), children: <ClassificationsTab /> },
        { key: 'carousel', label: t('apps.tab.carousel'), children: panel(<CarouselTab />) },
        { key: 'opening', label: t('apps.tab.opening'), children: panel(<OpeningScreenTab />) },
        { key: 'import', label: t('apps.tab.import'), children: panel(<OrgImportTab />) },
      ]}
    />
  );
}

function AppsTab() {
  const { t, lang } = useAppCentreWords();
  const client = useQueryClient();
  // The dialog's choices, fetched with the list so they are there when it opens.
  useQuery(classificationChoices);
  useQuery(roleChoices);
  return (
    <CrudScreen<AppRecord, AppCentreLabelKey>
      words={appCentreWords}
      title="apps.app.title"
      item="apps.item.app"
      entity="app"
      paths={{ list: P.app.listByExample, create: P.app.initialization, update: P.app.update, remove: P.app.remove.replace(':appId', ':id') }}
      checks={appCentreChecks('app')}
      searchPlaceholder="apps.app.search"
      modalWidth={720}
      onChanged={() => void client.invalidateQueries({ queryKey: ['apps', 'classification'] })}
      defaults={{
        appKey: '',
        name: '',
        nameEn: '',
        classificationId: undefined,
        icon: '',
        url: '',
        description: '',
        sort: 0,
        enabled: true,
        roleIds: [],
        menus: [],
      }}
      toForm={(r) => ({
        appKey: r.appKey,
        name: r.name,
        nameEn: r.nameEn,
        classificationId: r.classificationId,
        icon: r.icon,
        url: r.url,
        description: r.description,
        sort: r.sort,
        enabled: r.enabled,
        roleIds: r.roleIds,
        menus: r.menus.map(({ name, nameEn, path, type, sort }) => ({ name, nameEn, path, type, sort })),
      })}
      columns={[
        {
          key: 'name',
          label: 'apps.app.name',
          render: (r) => (
            <span className="fp-apps-app-name">
              <AppImage url={r.icon} alt={r.name} />
              <span>
                <div {...DATA}>{bilingual(r.name, r.nameEn, lang)}</div>
                <div className="fp-apps-muted">{r.appKey}</div>
              </span>
            </span>
          ),
        },
        {
          key: 'classificationName',
          label: 'apps.app.classification',
          render: (r) => <Tag color="blue">{bilingual(r.classificationName, r.classificationNameEn, lang)}</Tag>,
        },
        { key: 'url', label: 'apps.app.url', render: (r) => <span className="fp-apps-muted">{r.url}</span> },
        { key: 'menus', label: 'apps.app.menus', width: 90, render: (r) => r.menus.length },
        { key: 'sort', label: 'apps.col.sort', width: 70 },
        {
          key: 'enabled',
          label: 'apps.col.enabled',
          width: 90,
          render: (r) => <Tag color={r.enabled ? 'green' : 'default'}>{t(r.enabled ? 'apps.yes' : 'apps.no')}</Tag>,
        },
      ]}
      extraFields={AppFields}
    />
  );
}

/** The app classifications: name, English name and order, with the number of apps in each. */
function ClassificationsTab() {
  const { lang } = useAppCentreWords();
  return (
    <CrudScreen<ClassificationRecord, AppCentreLabelKey>
      words={appCentreWords}
      title="apps.classification.title"
      item="apps.item.classification"
      entity="classification"
      paths={P.classification}
      checks={appCentreChecks('classification')}
      searchPlaceholder="apps.classification.search"
      defaults={{ name: '', nameEn: '', sort: 0 }}
      toForm={({ name, nameEn, sort }) => ({ name, nameEn, sort })}
      columns={[
        { key: 'sort', label: 'apps.col.sort', width: 80 },
        { key: 'name', label: 'apps.col.name', render: (r) => bilingual(r.name, r.nameEn, lang) },
        { key: 'appCount', label: 'apps.classification.appCount', width: 120 },
      ]}
      fields={[
        { name: 'name', label: 'apps.col.name', required: true },
        { name: 'nameEn', label: 'apps.col.nameEn' },
        { name: 'sort', label: 'apps.col.sort', kind: 'number' },
      ]}
    />
  );
}
