/**
 * What each page of the web build downloads before it shows anything, worked out from the build's
 * manifest (dist/.vite/manifest.json), and the budget it is held to (docs/decisions/0016).
 *
 * A "load" is an HTML entry with the scripts it imports statically, plus, for every lazily loaded
 * chunk reachable from it (a page of the page registry, a library a screen loads on first use),
 * the static imports of each chunk on the way there; a page of the console's menu adds the layout
 * and what the session opens on every page, and a page that frames another entry adds that entry. New lazy pages are found by themselves: no
 * file names are listed here, only the HTML entries and the one route with a budget of its own.
 */

/** One record of Vite's build manifest. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Budgets in KB (1,024 bytes) of gzip-compressed JavaScript. */
export const BUNDLE_BUDGETS = {
  /** The login route: the console's entry and the login page, before anyone has signed in. */
  loginKb: 250,
  /** The phone page /m/: every load of it (sign-in, the feed). */
  phoneKb: 150,
  /** Any other route's first load. */
  otherKb: 400,
} as const;

/** The console's login page module: its load has the login budget. */
export const LOGIN_PAGE_MODULE = 'src/features/auth/pages/LoginPage.tsx';

/** The console's layout: every page of the menu is shown inside it, so it counts in their loads. */
export const LAYOUT_MODULE = 'src/app/layout/ShellLayout.tsx';
/**
 * The console's screens outside the layout (sign-in, sign-out, landing and status pages), and the
 * client libraries a session loads on its own (the real-time channel, opened once signed in).
 */
export const OUTSIDE_LAYOUT = ['src/features/auth/', 'src/features/landing/', 'src/features/errors/', 'src/lib/'];

/**
 * Loads over their budget today are held under these sizes instead, so none can grow unnoticed
 * (a heavy library in the entry fails at once) while the work that brings them within budget is
 * done (docs/decisions/0016). A load within its budget is held to the budget. Lower these as that
 * work lands; never raise them. `other` was raised once, from 700 to 850, when the customer,
 * meeting and survey screens with ECharts charts were merged (the chart library itself is about
 * 250 KB of it; decision 0016). Lowered to 405, 405 and 810 when the customer, activity and
 * meeting schemas left the entry (decision 0026): measured then 401, 402 and at most 803 KB.
 * Raised back to 420, 420 and 850 when market and doctor intelligence, the download centre and
 * data collection were merged: their labels, messages and schemas added about 12 KB to the entry
 * (decision 0016 says what was measured and what brings it back). Lowered to 315, 165 and 790 when
 * the areas' labels, messages and schemas, antd's Form, the OAuth and STOMP clients left the login
 * route and antd the phone page: measured then 313.5, 164.6 and at most 787.5 KB. Then the login
 * route came within its budget (antd, its providers and dayjs left the entry: 182.2 KB) and the
 * phone page to 152.5 KB (the card viewer on open, no date library, bare SVG icons): phone lowered
 * to 155. `other` went to 795: antd's providers moved from the entry into the layout, whose load
 * the heaviest console page (the meeting report list, 792.6 KB) counts, in finer chunks.
 * The phone page came within its budget (148.2 KB with the real-time channel, 146.9 KB with the
 * card viewer) when it stopped importing every area's path table with `API`: phone lowered to 150.
 * `other` to 740 when the areas' labels and messages came with the modules that show them
 * instead of the layout, the news drawer, the "not yet available" page, the article list and the
 * form library left it (docs/decisions/0031): the layout went from 501.3 to 364.5 KB, the heaviest
 * load (the KOL page with its province map) measured 737.2 KB. `other` to 716 when the console
 * moved to React Router's declarative router, the form rules and the share page stopped importing
 * every area's messages, the layout loaded its download ring on use, axios lost its unused fetch
 * adapter and antd's Card its tabs header (decision 0031, section of 2026-11-24): the layout
 * 333.5 KB, the heaviest load (the meeting report list) 715.6 KB. `other` to 689 when the web's
 * HTTP client moved from axios to fetch, the table lost its column filter dropdown, the tree and
 * radio stopped bringing Tree and the form store, charts registered only what they draw and the
 * dialogs of the customer, admin and task screens loaded on opening (decision 0031, second section
 * of 2026-11-24): the layout 318.0 KB, the heaviest load (the meeting report list) 688.5 KB.
 * `other` to 673 when shared chunks were grouped by the set of loads that download them, and the
 * top bar's search box and antd's toasts and dialogs loaded on use (decision 0031, third section of
 * 2026-11-24): the layout 274.1 KB in 22 files, the heaviest load (the meeting report list) 672.3 KB.
 * `other` to 516 when the charts were drawn as SVG by the portal's own components instead of
 * ECharts (decision 0031, charts section of 2026-11-24): the heaviest load (the doctor record with its
 * correction dialog) 515.8 KB. `other` to 515 when the app, data, data-collection and admin screens
 * loaded their dialogs, later tabs and form checks on use (decision 0031, section of 2026-11-24 on
 * those screens): the heaviest load (a meeting's drawer) 514.3 KB.
 * `other` to 512 when the push, survey and meeting screens loaded their
 * checks on sending and what they show on a choice or a tab when shown (decision 0031, section "push,
 * survey, content and meeting pages" of 2026-11-24): the heaviest load (app management) 511.6 KB.
 * `other` to 501 when the customer, push report and batch push pages came within and loads were
 * measured as the server sends them (decision 0031, "The last pages by the static check"): every
 * page's own first load within 400 KB, the heaviest load (the push dialog with its recipient list) 500.8 KB.
 * `other` to 494 when the gzip copies were written by Zopfli and every page's load counted the
 * real-time channel and, for a report screen, the share page it frames, as a browser downloads them
 * (decision 0031, "What a browser downloads, within 400 KB"): the heaviest load (the push dialog's
 * form checks) 493.5 KB.
 * `other` to 497 when the input limits every schema of a push checks (decision 0037) and the
 * real-time channel's catch-up after a reconnect (decision 0040) came into the shared code: the
 * heaviest load (the push dialog's form checks) 496.5 KB. Every page's own first load stays within
 * 400 KB.
 */
export const CEILINGS_KB = {
  login: 250,
  phone: 150,
  other: 497,
} as const;

/**
 * What a page of the menu downloads besides its own chunks and the layout, as a browser opening it
 * shows (bench/web.bench.ts): the real-time channel, which the signed-in session opens on every
 * page of the console (docs/decisions/0031).
 */
export const SESSION_MODULES = ['src/lib/realtime/channel.ts'];

/**
 * Pages that frame another entry of the build, whose scripts a browser downloads with the page:
 * the report screens frame the analytics share page (docs/decisions/0008).
 */
export const FRAMED_ENTRIES: Readonly<Record<string, string>> = { 'src/features/analytics/ReportScreen.tsx': 'bi/index.html' };

/** HTML entries and the budget of every load that starts there (the login page excepted). */
const ENTRY_BUDGETS: Record<string, number> = {
  'index.html': BUNDLE_BUDGETS.otherKb,
  'm/index.html': BUNDLE_BUDGETS.phoneKb,
  'bi/index.html': BUNDLE_BUDGETS.otherKb,
};

export interface PageLoad {
  /** Which budget and ceiling apply; `onUse` is a library a screen loads when it is used (an export), not a first load. */
  kind: keyof typeof CEILINGS_KB | 'onUse';
  /** The HTML entry and the lazy chunks on the way, e.g. `index.html → src/features/push/pages/PublishedPage.tsx`. */
  name: string;
  entry: string;
  /** The manifest keys of the lazy chunks on the way (empty for the entry alone). */
  path: string[];
  /** Every script file downloaded, entry first. */
  files: string[];
  budgetKb: number;
}

/** The manifest key and its static imports, recursively, as output files (scripts only). */
function staticFiles(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no record ${key}`);
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticFiles(manifest, imported, into, seen);
}

/**
 * Whether a built script holds any of the web's own modules (`src/…`). A lazily loaded chunk the
 * manifest names by its file (`_admin-….js`) rather than by a module is a library loaded on use
 * only when it holds none: a page the bundler put in a shared chunk (one page importing another)
 * is still a page, with its budget.
 */
export type HoldsSource = (file: string) => boolean;

function kindOf(entry: string, path: readonly string[], isLibrary: (key: string) => boolean): PageLoad['kind'] {
  if (path.some(isLibrary)) return 'onUse';
  if (entry === 'index.html' && path.at(-1) === LOGIN_PAGE_MODULE) return 'login';
  return entry === 'm/index.html' ? 'phone' : 'other';
}

function budgetOf(entry: string, path: readonly string[], isLibrary: (key: string) => boolean): number {
  if (kindOf(entry, path, isLibrary) === 'login') return BUNDLE_BUDGETS.loginKb;
  return ENTRY_BUDGETS[entry] ?? BUNDLE_BUDGETS.otherKb;
}

/** A console page shown inside the layout (its chain does not start at the layout or outside it). */
const insideLayout = (entry: string, path: readonly string[]) =>
  entry === 'index.html' && path.length > 0 && path[0] !== LAYOUT_MODULE && !OUTSIDE_LAYOUT.some((prefix) => path[0]!.startsWith(prefix));

/**
 * Every load of the build: each HTML entry alone, and each lazy chunk reachable from it by the
 * shortest chain of dynamic imports. Throws when an entry with a budget is missing, so renaming
 * one cannot silently drop its check.
 */
export function pageLoads(manifest: Manifest, holdsSource?: HoldsSource): PageLoad[] {
  const loads: PageLoad[] = [];
  const isLibrary = (key: string) => !key.startsWith('src/') && !(holdsSource?.(manifest[key]?.file ?? '') ?? false);
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key.endsWith('.html'));
  for (const expected of Object.keys(ENTRY_BUDGETS)) {
    if (!entries.includes(expected)) throw new Error(`the build has no entry ${expected}`);
  }
  // Renaming one of these must not silently drop it from the pages' loads.
  for (const key of [...SESSION_MODULES, ...Object.keys(FRAMED_ENTRIES)]) {
    if (!manifest[key]) throw new Error(`the build has no lazy chunk of ${key}`);
  }
  for (const entry of entries.sort()) {
    const base = new Set<string>();
    staticFiles(manifest, entry, base);
    loads.push({ name: entry, entry, path: [], files: [...base], budgetKb: budgetOf(entry, [], isLibrary), kind: kindOf(entry, [], isLibrary) });
    // Breadth first, so each lazy chunk is reached by its shortest chain.
    const reached = new Set<string>();
    const queue: { key: string; path: string[]; files: Set<string> }[] = [];
    const enqueue = (from: string, path: string[], files: Set<string>) => {
      for (const next of manifest[from]?.dynamicImports ?? []) {
        if (reached.has(next)) continue;
        reached.add(next);
        queue.push({ key: next, path: [...path, next], files });
      }
    };
    const walkStatic = (key: string) => {
      const keys = new Set<string>();
      const collect = (k: string) => {
        if (keys.has(k)) return;
        keys.add(k);
        for (const i of manifest[k]?.imports ?? []) collect(i);
      };
      collect(key);
      return keys;
    };
    for (const entryKey of walkStatic(entry)) enqueue(entryKey, [], base);
    while (queue.length > 0) {
      const { key, path, files } = queue.shift()!;
      const own = new Set(files);
      staticFiles(manifest, key, own);
      if (insideLayout(entry, path)) {
        staticFiles(manifest, LAYOUT_MODULE, own);
        for (const module of SESSION_MODULES) staticFiles(manifest, module, own);
      }
      const framed = FRAMED_ENTRIES[key];
      if (framed) staticFiles(manifest, framed, own);
      loads.push({ name: [entry, ...path].join(' → '), entry, path, files: [...own], budgetKb: budgetOf(entry, path, isLibrary), kind: kindOf(entry, path, isLibrary) });
      for (const k of walkStatic(key)) enqueue(k, path, own);
    }
  }
  if (!loads.some((l) => l.budgetKb === BUNDLE_BUDGETS.loginKb)) throw new Error(`the build has no lazy chunk of ${LOGIN_PAGE_MODULE}`);
  return loads;
}

export interface MeasuredLoad extends PageLoad {
  gzipKb: number;
  /** Within its budget. */
  ok: boolean;
  /** Over its budget but not over the size it had when the budgets were set. */
  held: boolean;
}

/** Sizes every load from the gzip size of each file. */
export function measureLoads(loads: readonly PageLoad[], gzipBytes: (file: string) => number): MeasuredLoad[] {
  return loads.map((load) => {
    const gzipKb = load.files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
    if (load.kind === 'onUse') return { ...load, gzipKb, ok: true, held: false };
    const ok = gzipKb <= load.budgetKb;
    return { ...load, gzipKb, ok, held: !ok && gzipKb <= CEILINGS_KB[load.kind] };
  });
}

/** The login route and the phone feed, the two figures the benchmarks print. */
export function headlineLoads(measured: readonly MeasuredLoad[]): { login: MeasuredLoad; phone: MeasuredLoad } {
  const login = measured.find((l) => l.entry === 'index.html' && l.path.at(-1) === LOGIN_PAGE_MODULE);
  // The phone feed: the heaviest load of /m/ (its sign-in or its feed), a library loaded on use (single sign-on) aside.
  const phone = measured.filter((l) => l.entry === 'm/index.html' && l.kind !== 'onUse').sort((a, b) => b.gzipKb - a.gzipKb)[0];
  if (!login || !phone) throw new Error('the build has no login route or phone page');
  return { login, phone };
}
