import { Progress } from 'antd';

/** The ring of a running export's progress around the task-download button (TaskDownload.tsx). */
export function TaskDownloadRing({ percent }: { percent: number }) {
  return <Progress type="circle" percent={percent} size={34} strokeWidth={8} format={() => null} aria-hidden />;
}
