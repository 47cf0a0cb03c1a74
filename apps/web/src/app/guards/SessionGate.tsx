import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coreMessage as sharedMessage } from '@field-portal/shared';
import { FullPageSpin } from '@/components/FullPageSpin';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { SvgIcon } from '@/components/SvgIcon';
import { SYSTEM_PATHS, type MenuListResult } from '@field-portal/shared';
import { getResult, isHttpError, refreshTokens } from '@/lib/http';
import { currentLang, useI18n } from '@/lib/i18n';
import { loginPathFor, stripStateFragment } from '@/lib/paths';
import { clearLocalSession, hasAccessToken, hasRefreshToken } from '@/lib/session/local-session';
import { loginTypeQuery, menuListQuery, tenantInfoQuery, userInfoQuery } from '@/lib/session/queries';
import { goToIdentityServer, NoWebCryptoError } from '@/lib/session/sso';
import { useRealtimeChannel } from '@/lib/realtime/use-realtime-channel';
import { showToast } from '@/lib/toast';
import { tagsStore } from '@/lib/tabs/tags-store';
import { isImplemented, preloadPageAt } from '../routes/page-registry';
import { buildRouteTable } from '@/lib/session/route-table';
import { SessionContext, type Session } from '@/lib/session/session-context';
import { startUp } from './start-up';

type Phase = 'checking' | 'loading' | 'ready' | 'tenantFailed' | 'menuFailed' | 'noWebCrypto' | 'mustChangePassword';

// An account with a temporary password sees this screen only, until the password is changed (docs/decisions/0041).
const FirstPasswordPage = lazy(() => import('@/features/setup/pages/FirstPasswordPage').then((m) => ({ default: m.FirstPasswordPage })));

/** A start-up that cannot go on: what failed and the way on, in plain elements (the entry loads no antd, docs/decisions/0016). */
function StartUpProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="fp-fullpage-center fp-startup-problem" role="alert">
      <SvgIcon icon={CloseCircleFilled} className="fp-startup-problem-icon" />
      <div className="fp-startup-problem-title">{title}</div>
      {children}
    </div>
  );
}

const sessionEnded = (error: unknown) => isHttpError(error) && error.kind === 'sessionExpired';

/**
 * Start-up guard for every path that needs a sign-in (spec 001 section 2.1): with a session it
 * loads the user info, then the menu list, and generates the routes; without one the user goes
 * to sign in. `codeAhead` starts loading the code of what it guards as the session's calls go
 * out, so neither waits for the other (docs/decisions/0055).
 */
export function SessionGate({ children, codeAhead }: { children: ReactNode; codeAhead?: () => Promise<unknown> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t, msg } = useI18n();
  const fullPath = location.pathname + location.search;
  const path = stripStateFragment(fullPath);
  const [phase, setPhase] = useState<Phase>(() => (hasAccessToken() ? 'loading' : 'checking'));

  useEffect(() => {
    if (path !== fullPath) void navigate(path, { replace: true });
  }, [path, fullPath, navigate]);

  useEffect(() => {
    let cancelled = false;
    const host = window.location.hostname;
    const check = async () => {
      const outcome = await startUp(
        {
          hasAccessToken,
          hasRefreshToken,
          refresh: refreshTokens,
          loginType: () => queryClient.fetchQuery(loginTypeQuery(host)),
          tenantInfo: () => queryClient.fetchQuery(tenantInfoQuery(host)),
        },
        path,
      );
      if (cancelled) return;
      if (outcome.kind === 'login') void navigate(outcome.to, { replace: true });
      else if (outcome.kind === 'identityServer') {
        // Off to the identity server; the page stays on its spinner until the browser leaves.
        try {
          await goToIdentityServer(outcome.server, path);
        } catch (error) {
          if (!cancelled) setPhase(error instanceof NoWebCryptoError ? 'noWebCrypto' : 'tenantFailed');
        }
      } else setPhase(outcome.kind === 'session' ? 'loading' : 'tenantFailed');
    };
    const load = async () => {
      // Each is a round trip or more on a phone's network: the menu list, the user info and the
      // layout's code go out together, the two calls first: over HTTP/1.1's six connections a host
      // the layout's files, asked for first, held the calls back (docs/decisions/0055). The menu
      // list is asked for quietly here; the server refuses it to an account that must change its
      // password, which is then told so (below), not shown an error.
      // With the menus in, the opened page's code and first data are asked for too, before the layout first renders.
      void queryClient
        .prefetchQuery({ ...menuListQuery, queryFn: () => getResult<MenuListResult>(SYSTEM_PATHS.menuList, { suppressError: true }) })
        .then(() => {
          const menus = queryClient.getQueryData(menuListQuery.queryKey);
          if (menus && !cancelled) preloadPageAt(path, menus.menuList, queryClient);
        });
      const userInfo = queryClient.fetchQuery(userInfoQuery);
      void codeAhead?.().catch(() => undefined);
      try {
        const user = await userInfo;
        // The server answers nothing else (the menu list included) until the password is changed.
        if (user.mustChangeCredentials) {
          if (!cancelled) setPhase('mustChangePassword');
          return;
        }
      } catch (error) {
        if (cancelled || sessionEnded(error)) return;
        // 'failed to get user info', then log out with reason relogin (spec 001 sections 2.1, 4).
        const lang = currentLang();
        // Plain toasts: they outlive the screens with antd's App context, which this navigation leaves.
        showToast('error', sharedMessage('session.userInfoFailed', lang));
        showToast('warning', sharedMessage('session.relogin', lang));
        clearLocalSession();
        tagsStore.reset();
        void navigate(loginPathFor(path), { replace: true });
        return;
      }
      try {
        // The quiet call above, if still on its way or answered; asked again (with its error shown) if it failed.
        await queryClient.fetchQuery(menuListQuery);
      } catch (error) {
        if (!cancelled && !sessionEnded(error)) setPhase('menuFailed');
        return;
      }
      if (!cancelled) setPhase('ready');
    };
    if (phase === 'checking') void check();
    else if (phase === 'loading') void load();
    return () => {
      cancelled = true;
    };
  }, [phase, path, queryClient, navigate, codeAhead]);

  const user = useQuery({ ...userInfoQuery, enabled: phase === 'ready' });
  const menus = useQuery({ ...menuListQuery, enabled: phase === 'ready' });
  const session = useMemo<Session | null>(() => {
    if (phase !== 'ready' || !user.data || !menus.data) return null;
    return { user: user.data, menus: menus.data, table: buildRouteTable(menus.data.menuList, isImplemented) };
  }, [phase, user.data, menus.data]);
  // The real-time channel opens once the session has started (spec 001 section 7.3).
  useRealtimeChannel(session?.user.username);

  if (phase === 'noWebCrypto') {
    return (
      <StartUpProblem title={msg('sso.noWebCrypto')}>
        <button type="button" className="fp-btn is-primary" onClick={() => void navigate(loginPathFor(path), { replace: true })}>
          {t('login.withPassword')}
        </button>
      </StartUpProblem>
    );
  }
  if (phase === 'mustChangePassword') {
    const changed = () => {
      queryClient.removeQueries({ queryKey: userInfoQuery.queryKey });
      setPhase('loading');
    };
    return (
      <Suspense fallback={<FullPageSpin />}>
        <FirstPasswordPage onChanged={changed} />
      </Suspense>
    );
  }
  if (phase === 'tenantFailed' || phase === 'menuFailed') {
    return (
      <StartUpProblem title={phase === 'tenantFailed' ? msg('session.comFail') : t('startup.menuFailed')}>
        <button type="button" className="fp-btn is-primary" onClick={() => setPhase(phase === 'tenantFailed' ? 'checking' : 'loading')}>
          {t('common.retry')}
        </button>
      </StartUpProblem>
    );
  }
  if (!session) return <FullPageSpin />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
