import { useEffect, useMemo, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { App, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import { THEME as theme } from './theme';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { HTTP } from '@field-portal/shared';
import '@/lib/dayjs-locale';
import { setHttpNotifier } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { EmptyState } from '@/components/EmptyState';

/*
 * antd's theme, locale and App context (toasts, dialogs) for the screens that use antd: the
 * layout and every page in it, the landing, sign-out and status pages. Not in the entry: the
 * sign-in page and the start-up guard are plain elements, so the login route downloads no antd
 * (its time goal, docs/decisions/0055).
 */

/** Every toast lasts the spec's 5000 ms. */
const TOASTS = { duration: HTTP.toastMs / 1000 };
/** A tooltip opens on the keyboard's focus too, not only on pointing (docs/decisions/0044). */
const TOOLTIP = { trigger: ['hover', 'focus'] } satisfies ConfigProviderProps['tooltip'];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion (followed live when the setting changes). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Routes the HTTP client's toasts through antd's App context (theme and locale aware) while antd is on screen. */
function HttpNotices() {
  const { message } = App.useApp();
  useEffect(
    () =>
      setHttpNotifier((level, text) => {
        void message.open({ type: level, content: text, duration: HTTP.toastMs / 1000, key: text });
      }),
    [message],
  );
  return null;
}

/** The fields a dialog's first stop may be: visible, enabled, typed into or chosen from. */
const DIALOG_FIELD =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), [role="combobox"]:not([aria-disabled="true"])';

/** What Tab stops at in a dialog. */
const DIALOG_STOP = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * A dialog that opens takes the focus to its first field rather than its frame or ✕ (WCAG 2.4.3,
 * docs/decisions/0044). antd moves the focus into a dialog as it opens and back to what opened it as
 * it closes; when that first focus comes from outside the dialog and lands on anything but a field,
 * it goes on to the dialog's first field (not a date field, whose calendar would open over the dialog).
 * Tab and Shift+Tab then go round every stop of the dialog, its ✕ and its last button included,
 * straight from the last to the first and back: antd's lock let the focus leave the page (a stop
 * with nothing shown) and come back from outside, which sent it to the first field, so the ✕ and
 * the last button going backwards were never reached. Confirmations keep the focus on their buttons.
 */
function DialogFocus() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const dialog = target.closest('.ant-modal');
      // Going round (onKeyDown below) the focus comes from inside the dialog and stays where it lands.
      if (!dialog || dialog.classList.contains('ant-modal-confirm') || target.matches(DIALOG_FIELD)) return;
      const from = event.relatedTarget;
      if (from instanceof Node && dialog.contains(from)) return;
      const body = dialog.querySelector('.ant-modal-body');
      const field = body
        ? [...body.querySelectorAll<HTMLElement>(DIALOG_FIELD)].find((el) => el.getClientRects().length > 0 && !el.closest('.ant-picker'))
        : undefined;
      field?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !(document.activeElement instanceof HTMLElement)) return;
      const dialog = document.activeElement.closest('.ant-modal');
      if (!dialog) return;
      const stops = [...dialog.querySelectorAll<HTMLElement>(DIALOG_STOP)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
      const [first, last] = [stops[0], stops.at(-1)];
      const to = event.shiftKey ? (document.activeElement === first ? last : undefined) : document.activeElement === last ? first : undefined;
      if (!to) return;
      event.preventDefault();
      to.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return null;
}

/** Tables, lists and selects that give no empty state of their own draw the portal's one (docs/decisions/0061). */
const renderEmpty = () => <EmptyState />;

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** antd's locale files are CommonJS: the build hands over the module with the locale under `default` (antd unwraps it too). */
const unwrap = (locale: AntdLocale): AntdLocale => (locale as AntdLocale & { default?: AntdLocale }).default ?? locale;

/**
 * antd's words in the language shown, with the password fields' eye named as on the sign-in page
 * (显示密码 / Show password): antd's own label is 显示 / Show, which does not say what it shows.
 */
function useAntdLocale(): AntdLocale {
  const { lang, t } = useI18n();
  return useMemo(() => {
    const base = unwrap(lang === 'zh' ? zhCN : enUS);
    return { ...base, global: { ...base.global, show: t('login.showPassword'), hide: t('login.hidePassword') } };
  }, [lang, t]);
}

export function AntdProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  // A user who asked the system for less motion gets dialogs, drawers and toasts without animation.
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo<ThemeConfig>(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={themed} renderEmpty={renderEmpty} tooltip={TOOLTIP}>
      {/* Every toast lasts the spec's 5000 ms (spec 000 section 9, 001 section 8), success and validation ones too. */}
      <App message={TOASTS}>
        <HttpNotices />
        <DialogFocus />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** A screen outside the layout shown with antd's providers (the landing, sign-out and status pages). */
export function withAntd(Screen: ComponentType) {
  return function WithAntd() {
    return (
      <AntdProviders>
        <Screen />
      </AntdProviders>
    );
  };
}
