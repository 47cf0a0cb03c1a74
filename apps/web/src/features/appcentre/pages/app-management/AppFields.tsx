import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { APP_MENU_TYPES } from '@field-portal/shared';
import { useAppCentreWords } from '../../i18n';
import { ImageUpload } from '../../components/ImageUpload';
import { classificationChoices, roleChoices } from './choices';
import { bilingual } from '@/lib/i18n';
import { roleName } from '@/lib/role-name';

/** The app form's items (loaded with its dialog): key, classification, names, address, icon, roles, order and menus. */
export function AppFields() {
  const { t, lang } = useAppCentreWords();
  const classes = useQuery(classificationChoices);
  const roles = useQuery(roleChoices);
  return (
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
          <Select mode="multiple" allowClear options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r, lang).text }))} />
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
                    <Select aria-label={t('apps.app.menuType')} options={APP_MENU_TYPES.map((v) => ({ value: v, label: v }))} />
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
  );
}
