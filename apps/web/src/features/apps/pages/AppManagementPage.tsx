import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, InboxOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  API,
  APP_MENU_TYPES,
  appInput,
  carouselInput,
  classificationInput,
  message as catalogue,
  openingScreenInput,
  ORG_IMPORT_COLUMNS,
  type AppRecord,
  type CarouselRecord,
  type ClassificationRecord,
  type OrgImportResult,
} from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { appsApi } from '../api';
import { AppImage, ImageUpload } from '../components/AppImage';
import { CrudScreen } from '../components/CrudScreen';
import { formErrors, importFileError, moveItem } from '../form-rules';
import '@/lib/i18n/areas/apps';
import '@/lib/i18n/messages/apps';

const P = API.apps;
const bilingual = (zh: string, en: string, lang: string) => (lang === 'en' ? en || zh : zh || en);

/** /system/appManagement: apps, classifications, carousel, opening screen and the organisation import (spec 001 section 7.8). */
export function AppManagementPage() {
  const { t } = useI18n();
  return (
    <Tabs
      className="fp-apps-tabs"
      defaultActiveKey="apps"
      destroyOnHidden
      items={[
        { key: 'apps', label: t('apps.tab.apps'), children: <AppsTab /> },
        { key: 'classifications', label: t('apps.tab.classifications'), children: <ClassificationsTab /> },
        { key: 'carousel', label: t('apps.tab.carousel'), children: <CarouselTab /> },
        { key: 'opening', label: t('apps.tab.opening'), children: <OpeningScreenTab /> },
        { key: 'import', label: t('apps.tab.import'), children: <OrgImportTab /> },
      ]}
    />
  );
}

function AppsTab() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const classes = useQuery({ queryKey: ['apps', 'classification', 'all'], queryFn: appsApi.classifications });
  const roles = useQuery({ queryKey: ['apps', 'roles'], queryFn: appsApi.roles });
  return (
    <CrudScreen<AppRecord>
      title="apps.app.title"
      entity="app"
      paths={{ list: P.app.listByExample, create: P.app.initialization, update: P.app.update, remove: P.app.remove.replace(':appId', ':id') }}
      schema={appInput}
      searchPlaceholder="apps.app.search"
      modalWidth={720}
      onChanged={() => void client.invalidateQueries({ queryKey: ['apps', 'classification'] })}
      defaults={{ appKey: '', name: '', nameEn: '', classificationId: undefined, icon: '', url: '', description: '', sort: 0, enabled: true, roleIds: [], menus: [] }}
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
                <div>{bilingual(r.name, r.nameEn, lang)}</div>
                <div className="fp-apps-muted">{r.appKey}</div>
              </span>
            </span>
          ),
        },
        { key: 'classificationName', label: 'apps.app.classification', render: (r) => <Tag color="blue">{bilingual(r.classificationName, r.classificationNameEn, lang)}</Tag> },
        { key: 'url', label: 'apps.app.url', render: (r) => <span className="fp-apps-muted">{r.url}</span> },
        { key: 'menus', label: 'apps.app.menus', width: 90, render: (r) => r.menus.length },
        { key: 'sort', label: 'apps.col.sort', width: 70 },
        { key: 'enabled', label: 'apps.col.enabled', width: 90, render: (r) => <Tag color={r.enabled ? 'green' : 'default'}>{t(r.enabled ? 'apps.yes' : 'apps.no')}</Tag> },
      ]}
      extraForm={() => (
        <>
          <div className="fp-apps-grid">
            <Form.Item name="appKey" label={t('apps.app.key')} required extra={t('apps.app.keyHint')}>
              <Input placeholder="my-app" />
            </Form.Item>
            <Form.Item name="classificationId" label={t('apps.app.classification')} required>
              <Select
                placeholder={t('apps.app.classificationPlaceholder')}
                aria-label={t('apps.app.classification')}
                options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: bilingual(c.name, c.nameEn, lang) }))}
              />
            </Form.Item>
            <Form.Item name="name" label={t('apps.app.name')} required>
              <Input />
            </Form.Item>
            <Form.Item name="nameEn" label={t('apps.col.nameEn')}>
              <Input />
            </Form.Item>
          </div>
          <Form.Item name="url" label={t('apps.app.url')} extra={t('apps.app.urlHint')}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="icon" label={t('apps.app.icon')}>
            <ImageUpload label={t('apps.app.icon')} />
          </Form.Item>
          <Form.Item name="description" label={t('apps.app.description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <div className="fp-apps-grid">
            <Form.Item name="roleIds" label={t('apps.app.roles')} extra={t('apps.app.rolesHint')}>
              <Select mode="multiple" allowClear options={(roles.data ?? []).map((r) => ({ value: r.id, label: bilingual(r.name, r.nameEn, lang) }))} />
            </Form.Item>
            <Space size={24}>
              <Form.Item name="sort" label={t('apps.col.sort')}>
                <InputNumber min={0} />
              </Form.Item>
              <Form.Item name="enabled" label={t('apps.col.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
          </div>
          <Form.Item label={t('apps.app.menus')}>
            <Form.List name="menus">
              {(rows, { add, remove }, { errors }) => (
                <div>
                  {rows.map((row) => (
                    <div key={row.key} className="fp-apps-list-row">
                      <Form.Item name={[row.name, 'name']}>
                        <Input placeholder={t('apps.app.menuName')} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'path']}>
                        <Input placeholder={t('apps.app.menuPath')} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'type']} style={{ flex: '0 0 110px' }}>
                        <Select options={APP_MENU_TYPES.map((v) => ({ value: v, label: v }))} />
                      </Form.Item>
                      <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('apps.action.remove')} onClick={() => remove(row.name)} />
                    </div>
                  ))}
                  <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', nameEn: '', path: '', type: 'MENU', sort: rows.length })}>
                    {t('apps.app.addMenu')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </div>
              )}
            </Form.List>
          </Form.Item>
        </>
      )}
    />
  );
}

function ClassificationsTab() {
  const { lang } = useI18n();
  return (
    <CrudScreen<ClassificationRecord>
      title="apps.classification.title"
      entity="classification"
      paths={P.classification}
      schema={classificationInput}
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

function CarouselTab() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['apps', 'carousel'], queryFn: appsApi.carousels });
  const [editing, setEditing] = useState<CarouselRecord | 'new' | null>(null);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const labels = { title: t('apps.carousel.titleField'), image: t('apps.carousel.image'), link: t('apps.carousel.link') };

  const refresh = () => client.invalidateQueries({ queryKey: ['apps', 'carousel'] });
  const fail = (error: unknown) => void message.error(describeFailure(error, lang));
  const open = (row: CarouselRecord | null) => {
    setEditing(row ?? 'new');
    form.resetFields();
    form.setFieldsValue(row ? { title: row.title, image: row.image, link: row.link, enabled: row.enabled } : { title: '', image: '', link: '', enabled: true });
  };
  const submit = async () => {
    const body = form.getFieldsValue(true) as Record<string, unknown>;
    const errors = formErrors(carouselInput, body, lang, labels);
    form.setFields(['title', 'image', 'link'].map((name) => ({ name, errors: errors[name] ? [errors[name]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await appsApi.saveCarousel(body, editing && editing !== 'new' ? editing.id : undefined);
      void message.success(catalogue('apps.saved', lang));
      setEditing(null);
      await refresh();
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      if (field) form.setFields([{ name: field, errors: [describeFailure(error, lang)] }]);
      else fail(error);
    } finally {
      setSaving(false);
    }
  };
  const move = async (index: number, delta: number) => {
    const ids = moveItem(list.data ?? [], index, delta).map((c) => c.id);
    try {
      await appsApi.sortCarousels(ids);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (id: number) => {
    try {
      await appsApi.deleteCarousel(id);
      void message.success(catalogue('apps.deleted', lang));
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const items = list.data ?? [];

  return (
    <Card className="fp-apps-screen" title={t('apps.carousel.title')} data-screen="carousel" extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>{t('apps.action.add')}</Button>}>
      {items.length === 0 && !list.isPending ? <Empty /> : null}
      <ol className="fp-apps-carousel" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((c, i) => (
          <li key={c.id} className="fp-apps-carousel-item" data-carousel={c.title}>
            <Tag>{i + 1}</Tag>
            <AppImage url={c.image} alt={c.title} kind="banner" />
            <div className="fp-apps-carousel-text">
              <div className="fp-apps-carousel-title">
                {c.title} {c.enabled ? null : <Tag>{t('apps.carousel.hidden')}</Tag>}
              </div>
              <div className="fp-apps-muted">{c.link || t('apps.carousel.noLink')}</div>
            </div>
            <Space size={0}>
              <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('apps.carousel.up', { title: c.title })} onClick={() => void move(i, -1)} />
              <Button type="text" icon={<ArrowDownOutlined />} disabled={i === items.length - 1} aria-label={t('apps.carousel.down', { title: c.title })} onClick={() => void move(i, 1)} />
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(c)}>
                {t('apps.action.edit')}
              </Button>
              <Popconfirm title={t('apps.confirm.delete')} okText={t('apps.action.delete')} cancelText={t('apps.action.cancel')} onConfirm={() => remove(c.id)}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('apps.action.delete')}
                </Button>
              </Popconfirm>
            </Space>
          </li>
        ))}
      </ol>
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'apps.dialog.add' : 'apps.dialog.edit', { name: t('apps.carousel.title') })}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('apps.action.save')}
        cancelText={t('apps.action.cancel')}
        confirmLoading={saving}
        forceRender
        maskClosable={false}
      >
        <Form form={form} layout="vertical" className="fp-apps-form">
          <Form.Item name="title" label={labels.title} required>
            <Input />
          </Form.Item>
          <Form.Item name="image" label={labels.image} required extra={t('apps.image.hint')}>
            <ImageUpload kind="banner" label={labels.image} />
          </Form.Item>
          <Form.Item name="link" label={labels.link}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="enabled" label={t('apps.carousel.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function OpeningScreenTab() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: ['apps', 'opening'], queryFn: appsApi.openingScreen });
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data !== undefined) form.setFieldsValue(current.data ?? { image: '', link: '', durationSeconds: 3, enabled: true });
  }, [current.data, form]);
  const labels = { image: t('apps.opening.image'), link: t('apps.carousel.link'), durationSeconds: t('apps.opening.duration') };
  const save = async () => {
    const { image, link, durationSeconds, enabled } = form.getFieldsValue(true) as Record<string, unknown>;
    const body = { image, link, durationSeconds, enabled };
    const errors = formErrors(openingScreenInput, body, lang, labels);
    form.setFields(Object.keys(labels).map((name) => ({ name, errors: errors[name] ? [errors[name]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await appsApi.saveOpeningScreen(body);
      void message.success(catalogue('apps.saved', lang));
      await client.invalidateQueries({ queryKey: ['apps', 'opening'] });
    } catch (error) {
      void message.error(describeFailure(error, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="fp-apps-screen" title={t('apps.opening.title')} data-screen="opening">
      <Form form={form} layout="vertical" className="fp-apps-form" style={{ maxWidth: 560 }}>
        <Form.Item name="image" label={labels.image} required extra={t('apps.image.hint')}>
          <ImageUpload kind="banner" label={labels.image} />
        </Form.Item>
        <Form.Item name="link" label={labels.link}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="durationSeconds" label={labels.durationSeconds} extra={catalogue('apps.opening.seconds', lang)}>
          <InputNumber min={1} max={10} addonAfter={t('apps.opening.secondsUnit')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('apps.opening.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('apps.action.save')}
        </Button>
      </Form>
    </Card>
  );
}

function OrgImportTab() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const [type, setType] = useState('department');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrgImportResult | null>(null);
  return (
    <Card className="fp-apps-screen" title={t('apps.import.title')} data-screen="orgImport">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('apps.import.hint', { columns: ORG_IMPORT_COLUMNS.join(', ') })} />
        <Space>
          <span>{t('apps.import.orgType')}</span>
          <Select
            value={type}
            onChange={setType}
            style={{ width: 200 }}
            options={['company', 'department', 'team'].map((v) => ({ value: v, label: t(`apps.import.type.${v}` as 'apps.import.type.team') }))}
          />
        </Space>
        <Upload.Dragger
          accept=".xlsx,.xls,.csv"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            const error = importFileError(file, lang);
            if (error) {
              void message.error(error);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const answer = await appsApi.importOrgs(type, file as File);
              setResult(answer);
              if (answer.problems.length === 0) void message.success(t('apps.import.done', { n: answer.imported }));
              onSuccess?.(answer);
            } catch (error) {
              setResult(null);
              void message.error(describeFailure(error, lang));
              onError?.(error as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('apps.import.drop')}</p>
          <p className="ant-upload-hint">{t('apps.import.limits')}</p>
        </Upload.Dragger>
        {result && result.problems.length > 0 ? (
          <>
            <Alert type="error" showIcon message={catalogue('apps.import.invalidRows', lang, { count: new Set(result.problems.map((p) => p.row)).size })} />
            <Table
              rowKey={(p) => `${p.row}-${p.field}`}
              size="small"
              pagination={false}
              dataSource={result.problems}
              columns={[
                { title: t('apps.import.row'), dataIndex: 'row', width: 80 },
                { title: t('apps.import.field'), dataIndex: 'field', width: 140 },
                { title: t('apps.import.problem'), dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
