import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Select, Table, Tag, Typography, Upload } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { PERMISSION_TYPES, type PermissionItem } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi, compact } from '../api/admin-api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { importFileError } from '../form-rules';
import '../admin.css';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';
import { findPage } from '@/lib/session/route-table';
import { useSession } from '@/lib/session/session-context';
import { IMPORT_CENTRE_PATH, importCentrePath } from '@/features/imports';
import { SentenceWith } from '@/components/DataText';

const { Paragraph } = Typography;

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const PermissionDialog = lazyDialog(() => import('../components/PermissionDialog').then((m) => m.PermissionDialog));

/** Where the link goes in the sentence that offers the import centre. */
const LINK_SLOT = '@@link@@';

/** /dataManage/userPermission: per-user view rights on hospitals or provinces (spec 001 sections 3, 5 and 6). */
export function UserPermissionPage() {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const { table } = useSession();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 0, size: 20, keyword: '', permissionType: '' });
  const [adding, setAdding] = useState(false);
  const dialogOpened = useOpenedOnce(adding);
  const [type, setType] = useState<string>('province');
  const [importing, setImporting] = useState(false);
  const list = useQuery({
    queryKey: ['admin', 'permission', query],
    queryFn: () => adminApi.permissionList(compact(query)),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'permission'] });
  // The import centre's territories, a link for a user who may open the import centre (its menu is theirs).
  const canImport = findPage(table, IMPORT_CENTRE_PATH) !== undefined;
  const importCentreHint = (
    <SentenceWith sentence={t('admin.perm.importCentreHint', { link: LINK_SLOT })} slot={LINK_SLOT}>
      <Link to={importCentrePath('territories')}>{t('admin.perm.importCentreLink')}</Link>
    </SentenceWith>
  );
  const typeLabel = (v: string) => t(v === 'hospital' ? 'admin.perm.typeHospital' : 'admin.perm.typeProvince');

  const upload = async (file: File) => {
    const error = importFileError(file, lang);
    if (error) {
      void message.error(error);
      return;
    }
    setImporting(true);
    try {
      const result = await adminApi.permissionImport(file);
      void message.success(t('admin.perm.imported', { added: result.added, skipped: result.skipped }));
      refresh();
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    } finally {
      setImporting(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await adminApi.permissionDelete(id);
      void message.success(msg('sys.delete.success'));
      refresh();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };

  return (
    <Card className="fp-admin-screen" title={t('admin.perm.title')}>
      <Paragraph type="secondary">{t('admin.perm.hint')}</Paragraph>
      <div className="fp-admin-toolbar">
        <Input.Search allowClear placeholder={t('admin.perm.search')} style={{ width: 340 }} onSearch={(keyword) => setQuery({ ...query, page: 0, keyword })} />
        <Select
          aria-label={t('admin.perm.type')}
          style={{ width: 140 }}
          value={query.permissionType}
          onChange={(permissionType) => setQuery({ ...query, page: 0, permissionType })}
          options={[{ value: '', label: t('admin.perm.allTypes') }, ...PERMISSION_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))]}
        />
        <span className="fp-admin-spacer" />
        <Upload accept=".csv,.xlsx" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
          <Button icon={<UploadOutlined />} loading={importing}>
            {t('admin.perm.import')}
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setType('province');
            setAdding(true);
          }}
        >
          {t('admin.action.add')}
        </Button>
      </div>
      <Paragraph type="secondary" className="fp-admin-muted">
        {t('admin.perm.importHint')}
        {/* Chinese sentences follow each other without a space; English ones with one. */}
        {canImport ? (
          <>
            {lang === 'en' ? ' ' : ''}
            {importCentreHint}
          </>
        ) : null}
      </Paragraph>
      <Table<PermissionItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        columns={[
          { title: t('admin.user.username'), dataIndex: 'username' },
          { title: t('admin.user.realName'), dataIndex: 'realName', ...dataCells },
          {
            title: t('admin.perm.type'),
            dataIndex: 'permissionType',
            render: (v: string) => <Tag color={v === 'hospital' ? 'geekblue' : 'gold'}>{typeLabel(v)}</Tag>,
          },
          { title: t('admin.perm.value'), dataIndex: 'label', ...dataCells },
          { title: t('admin.col.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('admin.col.actions'),
            width: 100,
            render: (_, row) => (
              <ConfirmButton size="small" type="link" danger question={t('admin.confirm.delete')} onConfirm={() => remove(row.id)}>
                {t('admin.action.delete')}
              </ConfirmButton>
            ),
          },
        ]}
      />
      <Pager
        page={{ pageNum: query.page + 1, limitNum: query.size }}
        total={list.data?.total ?? 0}
        onChange={(next) => setQuery({ ...query, page: next.pageNum - 1, size: next.limitNum })}
      />
      {dialogOpened ? (
        <PermissionDialog
          open={adding}
          type={type}
          onType={setType}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
