import { lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { ConfigContext } from 'antd/es/config-provider/context';
import type { ConfigOptions as MessageConfig, MessageType } from 'antd/es/message/interface';

/*
 * antd's App, with its toasts, notifications and dialogs loaded when a screen first shows one:
 * the layout opens without the message, notification and modal components (docs/decisions/0031;
 * the build leaves antd's own App component out, build/app-without-holders.ts). Screens keep
 * calling `App.useApp()`; until the holders are loaded, its functions wait for them and pass the
 * call on as soon as they are. The wrapper keeps antd's `ant-app` class and style (text colour,
 * size, line height and font).
 */

const AppHolders = lazy(() => import('./app-holders').then((m) => ({ default: m.AppHolders })));

type Api = useAppProps;
type Part = keyof Api;

/** A closable, awaitable handle for a call made before the real one could be (a toast's or a dialog's). */
function pending(result: Promise<unknown>) {
  const close = () => void result.then((handle) => (typeof handle === 'function' ? handle() : (handle as { destroy?: () => void } | undefined)?.destroy?.()));
  return Object.assign(close, {
    destroy: close,
    update: (config: unknown) => void result.then((handle) => (handle as { update?: (c: unknown) => void } | undefined)?.update?.(config)),
    then: <T, U = never>(resolve?: ((value: boolean) => T | PromiseLike<T>) | null, reject?: ((reason: unknown) => U | PromiseLike<U>) | null) =>
      result.then((handle) => handle as boolean).then(resolve, reject),
  });
}

/** `message`, `notification` and `modal` whose calls wait for the real ones. */
function deferredApi(whenReady: () => Promise<Api>): Api {
  const part = (name: Part) =>
    new Proxy(
      {},
      {
        get: (_target, method: string) =>
          (...args: unknown[]) => {
            const result = whenReady().then((api) => (api[name] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args));
            return pending(result) as unknown as MessageType;
          },
      },
    );
  return { message: part('message'), notification: part('notification'), modal: part('modal') } as unknown as Api;
}

/** In place of antd's `<App message={…}>`. */
export function LightApp({ message = {}, children }: { message?: MessageConfig; children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<Api | null>(null);
  const ready = useRef<{ promise: Promise<Api>; resolve: (api: Api) => void } | null>(null);
  const whenReady = useCallback(() => {
    if (!ready.current) {
      let resolve!: (api: Api) => void;
      const promise = new Promise<Api>((r) => (resolve = r));
      ready.current = { promise, resolve };
      setWanted(true);
    }
    return ready.current.promise;
  }, []);
  const deferred = useMemo(() => deferredApi(whenReady), [whenReady]);
  const onReady = useCallback((real: Api) => {
    setApi(real);
    ready.current?.resolve(real);
  }, []);
  return (
    <AppContext.Provider value={api ?? deferred}>
      <div className={[prefixCls, hashId, cssVarCls].filter(Boolean).join(' ')}>
        {wanted && (
          <Suspense fallback={null}>
            <AppHolders message={message} onReady={onReady} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
