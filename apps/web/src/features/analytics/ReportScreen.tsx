import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Result, Spin } from 'antd';
import { HTTP } from '@field-portal/shared';
import { useSession } from '@/lib/session/session-context';
import { useAnalyticsWords } from '@/features/analytics/i18n';
import { reportSignOnQuery } from './api';
import { useQueueExport } from '@/features/downloads';
import { dashboardIdOf, frameHeight, readExportRequest, reportState, type ReportState } from './report-rules';
import { trackAction } from './tracking';
import './report-screen.css';

function useFrameHeight(): number {
  const [height, setHeight] = useState(() => frameHeight(window.innerHeight));
  useEffect(() => {
    const onResize = () => setHeight(frameHeight(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/**
 * An embedded report screen (spec 000 section 2, 001 section 2.6): its dashboard id is the sort
 * value of its own menu entry; the share value and the token are asked for (ahead, with the
 * screen's code, when the screen is the one opened: `prefetchReportSignOn`), then the analytics
 * share page is framed under a loading indicator until both calls have answered.
 */
export function ReportScreen({ router }: { router: string }) {
  const { user, menus } = useSession();
  const { lang, msg, t } = useAnalyticsWords();
  const { message } = AntApp.useApp();
  const height = useFrameHeight();
  const [state, setState] = useState<ReportState>({ kind: 'loading' });
  const [frameLoaded, setFrameLoaded] = useState(false);
  const id = dashboardIdOf(menus.menuList, router);
  const frame = useRef<HTMLIFrameElement>(null);
  const { queue } = useQueueExport();
  const queryClient = useQueryClient();

  // The built-in share page's export button: its table, with the filters it shows, queued in the
  // download centre as this user (only from this screen's own frame, of the portal's own origin).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const filters = readExportRequest(event.data);
      if (filters) void queue('reportTable', { report: router, ...filters });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [router, queue]);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    setFrameLoaded(false);
    if (id === undefined) {
      setState({ kind: 'missingToken' });
      return;
    }
    trackAction('openReport', `/reportDownload/${router}`, String(id));
    queryClient
      .fetchQuery(reportSignOnQuery(id, user.username))
      .then(({ share, login, config }) => {
        if (live) setState(reportState(config.shareUrl, { share, token: login?.header?.token, payload: login?.payload }, lang));
      })
      // A failed call only stops the loading indicator (the HTTP client has shown its error).
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
    // The language goes into the frame's address once; switching it reloads the screen anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, user.username, queryClient]);

  useEffect(() => {
    if (state.kind === 'missingToken')
      void message.warning({ content: msg('analytics.missingToken'), duration: HTTP.toastMs / 1000, key: 'analytics.missingToken' });
  }, [state.kind, message, msg]);

  const loading = state.kind === 'loading' || (state.kind === 'ready' && !frameLoaded);
  return (
    <div className="fp-report" style={{ height }} data-testid="report-screen" data-dashboard-id={id}>
      <Spin spinning={loading} size="large" tip={t('analytics.loading')}>
        <div style={{ height }}>
          {state.kind === 'ready' && (
            <iframe
              ref={frame}
              className="fp-report-frame"
              title={t('analytics.frameTitle')}
              // a stop of the keyboard's own, so that the page scrolled round the report can be reached (WCAG 2.1.1)
              tabIndex={0}
              src={state.url}
              style={{ height }}
              onLoad={() => setFrameLoaded(true)}
              referrerPolicy="no-referrer"
            />
          )}
          {state.kind === 'missingToken' && (
            <div className="fp-report-notice-card" role="status">
              <Result status="warning" title={msg('analytics.missingToken')} subTitle={t('analytics.missingTokenHint')} />
            </div>
          )}
        </div>
      </Spin>
    </div>
  );
}
