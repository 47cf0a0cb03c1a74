import { App as AntApp } from 'antd';
import { describeFailure } from '@/lib/http';
import { useAdminWords } from '@/features/admin/i18n';
import { subtreeIds } from '../form-rules';

/**
 * Deleting a tree node (organisation, menu) deletes its children too (spec 001 section 4): the
 * confirmation says how many, and the server is told the deletion was confirmed (cascade).
 */
export function useTreeDelete<T extends { id: number; name: string; children?: T[] }>(
  remove: (id: number, cascade: boolean) => Promise<unknown>,
  onDone: () => void,
) {
  const { t, msg, lang } = useAdminWords();
  const { modal, message } = AntApp.useApp();
  return (node: T) => {
    const count = subtreeIds(node).length - 1;
    modal.confirm({
      title: t('admin.confirm.deleteNamed', { name: node.name }),
      content: count > 0 ? msg('sys.tree.hasChildren', { count }) : t('admin.confirm.cannotUndo'),
      okText: t('admin.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove(node.id, count > 0);
          void message.success(msg('sys.delete.success'));
          onDone();
        } catch (error) {
          void message.error(describeFailure(error, lang));
        }
      },
    });
  };
}
