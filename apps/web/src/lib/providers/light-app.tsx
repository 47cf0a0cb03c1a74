import { lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { ConfigContext } from 'antd/es/config-provider/context';
import type { ConfigOptions as MessageConfig, MessageType } from 'antd/es/message/interface';

/*
 * antd's App, with its toasts, notifications and dialogs loaded when a screen first shows one:
 * the layout opens without the message, notification and modal components (docs/decisions/0031).
 * Screens keep calling `App.useApp()`; until the holders are loaded, its functions wait for them
 * and pass the call on as soon as they are. The wrapper keeps antd's `ant-app` class and style (text colour,
 * size, line height and font).
 */

const AppHolders = lazy(() => import('./app-holders').then((m) => ({ default: m.AppHolders })));

type Api = useAppProps;
type Part = keyof Api;

type Handle = ((() => void) | object) & { destroy?: () => void; update?: (config: unknown) => void };

/**
 * What a toast or dialog call returns while the real one is on its way: closable (`hide()`,
 * `destroy()`), updatable, and awaitable as antd's handles are (a toast resolves when it closes, a
 * confirmation with the user's answer). The handle travels boxed so the promise does not take on
 * its `then` before it is asked to.
 */
function pending(boxed: Promise<{ handle: Handle }>) {
  const close = () => void boxed.then(({ handle }) => (typeof handle === 'function' ? (handle as () => void)() : handle?.destroy?.()));
  return Object.assign(close, {
    destroy: close,
    update: (config: unknown) => void boxed.then(({ handle }) => handle?.update?.(config)),
    then: <T, U = never>(resolve?: ((value: boolean) => T | PromiseLike<T>) | null, reject?: ((reason: unknown) => U | PromiseLike<U>) | null) =>
      boxed.then(({ handle }) => handle as unknown as boolean).then(resolve, reject),
  });
}

/** `message`, `notification` and `modal` whose calls wait for the real ones. */
function deferredApi(whenReady: () => Promise<Api>): Api {
  const part = (name: Part) =>
    new Proxy(
      {},
      {
        get: (_target, method) => {
          // Only the functions antd's instances have; nothing is awaited or printed through here.
          if (typeof method !== 'string' || method === 'then') return undefined;
          return (...args: unknown[]) =>
            pending(
              whenReady().then((api) => ({ handle: (api[name] as unknown as Record<string, (...a: unknown[]) => Handle>)[method]!(...args) })),
            ) as unknown as MessageType;
        },
      },
    );
  return { message: part('message'), notification: part('notification'), modal: part('modal') } as unknown as Api;
}

/** Waits for the holders to be on screen, then gives the latest functions they provide. */
function holdersGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let latest: Api | null = null;
  return {
    api: () => opened.then(() => latest!),
    ready(api: Api) {
      latest = api;
      open();
    },
  };
}

/** In place of antd's `<App message={…}>`. */
export function LightApp({ message = {}, children }: { message?: MessageConfig; children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<Api | null>(null);
  // Resolved once the holders are on screen; calls go to the latest functions they gave.
  const [gate] = useState(holdersGate);
  const deferred = useMemo(
    () =>
      deferredApi(() => {
        setWanted(true);
        return gate.api();
      }),
    [gate],
  );
  const onReady = useCallback(
    (real: Api) => {
      gate.ready(real);
      setApi(real);
    },
    [gate],
  );
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
