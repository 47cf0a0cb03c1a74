import { useState } from 'react';
import { App as AntApp } from 'antd';
import { useNavigate } from 'react-router';
import { useDownloadsWords } from '@/features/downloads/i18n';
import { DOWNLOAD_CENTRE_PATH, queueDownload, useRefreshDownloads } from '../api/downloads-api';

/**
 * An export button's action: queues the template with its parameters in the download centre and
 * says so (a second click while it runs is told the same job is under way), with a link there.
 */
export function useQueueExport(): { queue: (templateName: string, params?: object) => Promise<void>; queueing: boolean } {
  const { msg } = useDownloadsWords();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshDownloads();
  const [queueing, setQueueing] = useState(false);
  const queue = async (templateName: string, params: object = {}) => {
    setQueueing(true);
    try {
      const { reused } = await queueDownload(templateName, params);
      refresh();
      void message.info({
        content: (
          <span>
            {msg(reused ? 'download.reused' : 'download.queued')} {/* an address, so the keyboard reaches it and a new tab can open it */}
            <a
              href={`#${DOWNLOAD_CENTRE_PATH}`}
              onClick={(e) => {
                e.preventDefault();
                void navigate(DOWNLOAD_CENTRE_PATH);
              }}
            >
              {msg('download.openCentre')}
            </a>
          </span>
        ),
        duration: 5,
      });
    } catch {
      // The client has said why.
    } finally {
      setQueueing(false);
    }
  };
  return { queue, queueing };
}
