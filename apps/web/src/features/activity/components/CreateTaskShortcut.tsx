import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { findPage } from '@/lib/session/route-table';
import { useSession } from '@/lib/session/session-context';
import { useActivityWords } from '@/features/activity/i18n';
import { CREATE_TASK_PATH, openCreateTask } from '../create-task';
import '../activity.css';

/** "Create task" at the foot of the side bar, for users who may create tasks (spec 001 section 2.7). */
export function CreateTaskShortcut() {
  const { t } = useActivityWords();
  const { table } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!findPage(table, CREATE_TASK_PATH)) return null;
  return (
    <div className="fp-secondary-foot">
      <Button block icon={<PlusOutlined />} data-testid="sidebar-create-task" onClick={() => openCreateTask((to) => void navigate(to), location.pathname)}>
        {t('activity.task.create')}
      </Button>
    </div>
  );
}
