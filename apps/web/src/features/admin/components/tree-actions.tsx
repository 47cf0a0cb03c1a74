import { Button, Space } from 'antd';
import type { AdminLabelKey } from '@/features/admin/i18n';

/** The actions column of a tree screen (organisations, menus): add a child, edit, delete. */
export function treeActionsColumn<N>(
  t: (key: AdminLabelKey) => string,
  actions: { addChild: (node: N) => void; edit: (node: N) => void; remove: (node: N) => void },
) {
  return {
    title: t('admin.col.actions'),
    width: 200,
    render: (_: unknown, node: N) => (
      <Space size={0}>
        <Button size="small" type="link" onClick={() => actions.addChild(node)}>
          {t('admin.action.addChild')}
        </Button>
        <Button size="small" type="link" onClick={() => actions.edit(node)}>
          {t('admin.action.edit')}
        </Button>
        <Button size="small" type="link" danger onClick={() => actions.remove(node)}>
          {t('admin.action.delete')}
        </Button>
      </Space>
    ),
  };
}
