import { useState } from 'react';
import { Badge, Button, Drawer, Empty, Tooltip } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';

/**
 * The task-download button (spec 001 section 2.7). The download-task service is not built yet:
 * the drawer says there is nothing, and the badge appears only when a count exists.
 */
export function TaskDownload({ count }: { count?: number }) {
  const { t, msg } = useI18n();
  const [open, setOpen] = useState(false);
  const label = t('topbar.taskDownload');
  return (
    <>
      <Tooltip title={label}>
        <Badge count={count} overflowCount={BADGE_MAX} size="small">
          <Button type="text" shape="circle" icon={<CloudDownloadOutlined />} aria-label={label} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Drawer title={label} open={open} onClose={() => setOpen(false)} size={380}>
        <Empty description={msg('empty.noData')} />
      </Drawer>
    </>
  );
}
