import { DataText } from '@/components/DataText';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { NotificationOutlined } from '@ant-design/icons';
import { DYNAMICS_DEPARTMENTS, type DynamicsDepartment } from '@field-portal/shared';
import { broadcastQuery } from '../api';
import { articleDetailPath } from '../article-paths';

const PREFIX = '/informationDynamics/departmentDynamics/';

/** The department of a department-dynamics page, from its path. */
export function departmentOfPath(pathname: string): DynamicsDepartment | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  const name = pathname.slice(PREFIX.length).split('/')[0];
  return (DYNAMICS_DEPARTMENTS as readonly string[]).includes(name ?? '') ? (name as DynamicsDepartment) : undefined;
}

/** The top bar's broadcast title on the department pages (spec 001 section 2.3): the newest published title. */
export function BroadcastTitle() {
  const department = departmentOfPath(useLocation().pathname);
  return department ? <Broadcast department={department} /> : null;
}

function Broadcast({ department }: { department: DynamicsDepartment }) {
  const query = useQuery(broadcastQuery(department));
  if (!query.data?.title || !query.data.articleId) return null;
  return (
    <Link className="fp-broadcast-title" to={articleDetailPath(query.data.articleId)} data-testid="broadcast-title">
      <NotificationOutlined /> <DataText>{query.data.title}</DataText>
    </Link>
  );
}
