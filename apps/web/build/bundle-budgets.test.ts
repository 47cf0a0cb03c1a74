import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, CEILINGS_KB, FRAMED_ENTRIES, headlineLoads, LAYOUT_MODULE, LOGIN_PAGE_MODULE, measureLoads, pageLoads, SESSION_MODULES, type Manifest } from './bundle-budgets.ts';
import { chunkFileNames, ownerOf, sharedChunkName } from './chunk-names.ts';

const CHANNEL = SESSION_MODULES[0]!;
const [[REPORT_SCREEN, FRAMED]] = Object.entries(FRAMED_ENTRIES) as [[string, string]];

/** A build as Vite's manifest describes it: three entries, lazy pages, a shared chunk, a library loaded on use. */
const manifest: Manifest = {
  'index.html': { file: 'assets/main-1.js', src: 'index.html', isEntry: true, imports: ['_react-dom-1.js'], dynamicImports: [LOGIN_PAGE_MODULE, LAYOUT_MODULE, 'src/features/push/pages/PushPage.tsx', CHANNEL, REPORT_SCREEN] },
  [CHANNEL]: { file: 'assets/channel-1.js', isDynamicEntry: true, imports: ['_stompjs-1.js'] },
  '_stompjs-1.js': { file: 'assets/stompjs-1.js' },
  [REPORT_SCREEN]: { file: 'assets/ReportScreen-1.js', isDynamicEntry: true },
  'm/index.html': { file: 'assets/m-1.js', src: 'm/index.html', isEntry: true, imports: ['_react-dom-1.js'] },
  'bi/index.html': { file: 'assets/bi-1.js', src: 'bi/index.html', isEntry: true, imports: ['_react-dom-1.js'], dynamicImports: ['../../node_modules/xlsx/xlsx.mjs'] },
  '_react-dom-1.js': { file: 'assets/react-dom-1.js', css: ['assets/x.css'] },
  [LOGIN_PAGE_MODULE]: { file: 'assets/LoginPage-1.js', isDynamicEntry: true, imports: ['_antd-form-1.js'] },
  [LAYOUT_MODULE]: { file: 'assets/ShellLayout-1.js', isDynamicEntry: true, imports: ['_antd-menu-1.js'] },
  'src/features/push/pages/PushPage.tsx': { file: 'assets/PushPage-1.js', isDynamicEntry: true, imports: ['_antd-form-1.js', '_antd-table-1.js'], dynamicImports: ['src/features/push/Chart.tsx'] },
  'src/features/push/Chart.tsx': { file: 'assets/Chart-1.js', isDynamicEntry: true, imports: ['_echarts-1.js'] },
  '../../node_modules/xlsx/xlsx.mjs': { file: 'assets/xlsx-1.js', isDynamicEntry: true },
  '_antd-form-1.js': { file: 'assets/antd-form-1.js' },
  '_antd-menu-1.js': { file: 'assets/antd-menu-1.js' },
  '_antd-table-1.js': { file: 'assets/antd-table-1.js' },
  '_echarts-1.js': { file: 'assets/echarts-1.js' },
};

const byName = (loads: ReturnType<typeof pageLoads>) => Object.fromEntries(loads.map((l) => [l.name, l]));

describe('pageLoads', () => {
  it('finds every lazy page by itself, with the static imports of each chunk on the way', () => {
    const loads = byName(pageLoads(manifest));
    expect(Object.keys(loads).sort()).toEqual(
      [
        'bi/index.html',
        'bi/index.html → ../../node_modules/xlsx/xlsx.mjs',
        'index.html',
        `index.html → ${LAYOUT_MODULE}`,
        `index.html → ${LOGIN_PAGE_MODULE}`,
        'index.html → src/features/push/pages/PushPage.tsx',
        'index.html → src/features/push/pages/PushPage.tsx → src/features/push/Chart.tsx',
        `index.html → ${CHANNEL}`,
        `index.html → ${REPORT_SCREEN}`,
        'm/index.html',
      ].sort(),
    );
    expect(loads['index.html']!.files).toEqual(['assets/main-1.js', 'assets/react-dom-1.js']);
    expect(loads[`index.html → ${LOGIN_PAGE_MODULE}`]).toMatchObject({ kind: 'login', budgetKb: BUNDLE_BUDGETS.loginKb });
    expect(loads[`index.html → ${LOGIN_PAGE_MODULE}`]!.files.sort()).toEqual(['assets/LoginPage-1.js', 'assets/antd-form-1.js', 'assets/main-1.js', 'assets/react-dom-1.js']);
    // A page of the menu is shown inside the layout, and the session opens its real-time channel
    // on every page: both count in its load.
    expect(loads['index.html → src/features/push/pages/PushPage.tsx']!.files.sort()).toEqual(
      ['assets/PushPage-1.js', 'assets/ShellLayout-1.js', 'assets/antd-form-1.js', 'assets/antd-menu-1.js', 'assets/antd-table-1.js', 'assets/main-1.js', 'assets/react-dom-1.js', 'assets/channel-1.js', 'assets/stompjs-1.js'].sort(),
    );
    // The sign-in page is not in the layout and has no session yet.
    expect(loads[`index.html → ${LOGIN_PAGE_MODULE}`]!.files).not.toContain('assets/channel-1.js');
    // A report screen frames the share page: its entry's scripts count in the screen's load.
    expect(loads[`index.html → ${REPORT_SCREEN}`]!.files).toEqual(expect.arrayContaining(['assets/ReportScreen-1.js', 'assets/ShellLayout-1.js', 'assets/channel-1.js', manifest[FRAMED]!.file, 'assets/react-dom-1.js']));
    expect(loads['index.html → src/features/push/pages/PushPage.tsx → src/features/push/Chart.tsx']!.files).toContain('assets/echarts-1.js');
    expect(loads['m/index.html']).toMatchObject({ kind: 'phone', budgetKb: BUNDLE_BUDGETS.phoneKb });
    expect(loads['bi/index.html → ../../node_modules/xlsx/xlsx.mjs']!.kind).toBe('onUse');
  });

  it('counts a page the bundler put in a shared chunk as a page, and a shared chunk of a library as loaded on use', () => {
    const shared = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, dynamicImports: [...(manifest['index.html']!.dynamicImports ?? []), '_admin-1.js', '_antd-2.js'] },
      '_admin-1.js': { file: 'assets/admin-1.js', name: 'MenuPage', imports: ['_react-dom-1.js'] },
      '_antd-2.js': { file: 'assets/antd-2.js', name: 'index' },
    } satisfies Manifest;
    const holdsSource = (file: string) => file === 'assets/admin-1.js';
    const loads = byName(pageLoads(shared, holdsSource));
    expect(loads['index.html → _admin-1.js']).toMatchObject({ kind: 'other', budgetKb: BUNDLE_BUDGETS.otherKb });
    // Inside the layout, like any page of the menu.
    expect(loads['index.html → _admin-1.js']!.files).toContain('assets/ShellLayout-1.js');
    expect(loads['index.html → _antd-2.js']!.kind).toBe('onUse');
    // Without the module report, a chunk named by its file is taken for a library, as before.
    expect(byName(pageLoads(shared))['index.html → _admin-1.js']!.kind).toBe('onUse');
  });

  it("refuses a build without an entry, a login page, the session's channel or a framing page it has budgets for", () => {
    const { ['m/index.html']: _phone, ...noPhone } = manifest;
    expect(() => pageLoads(noPhone)).toThrow('m/index.html');
    const { [CHANNEL]: _channel, ...noChannel } = manifest;
    expect(() => pageLoads(noChannel)).toThrow(CHANNEL);
    const { [REPORT_SCREEN]: _report, ...noReport } = manifest;
    expect(() => pageLoads(noReport)).toThrow(REPORT_SCREEN);
    const noLogin = { ...manifest, 'index.html': { ...manifest['index.html']!, dynamicImports: [LAYOUT_MODULE] } };
    expect(() => pageLoads(noLogin)).toThrow(LOGIN_PAGE_MODULE);
  });
});

describe('measureLoads', () => {
  const sizes: Record<string, number> = { 'assets/main-1.js': 100, 'assets/react-dom-1.js': 100, 'assets/LoginPage-1.js': 30, 'assets/antd-form-1.js': 30, 'assets/m-1.js': 40 };
  const measure = (kb: Record<string, number>) => measureLoads(pageLoads(manifest), (file) => (kb[file] ?? 1) * 1024);

  it('sums the gzip size of every file of a load and judges it by its budget', () => {
    const loads = byName(measure(sizes));
    // The login route's ceiling is its budget: over it is a breach, not a size held.
    expect(loads[`index.html → ${LOGIN_PAGE_MODULE}`]).toMatchObject({ gzipKb: 260, ok: false, held: false });
    expect(loads['m/index.html']).toMatchObject({ gzipKb: 140, ok: true });
    // The phone page is held to its budget too: one KB over it is a breach.
    expect(CEILINGS_KB.phone).toBe(BUNDLE_BUDGETS.phoneKb);
    expect(byName(measure({ ...sizes, 'assets/m-1.js': 40 + BUNDLE_BUDGETS.phoneKb - 140 + 1 }))['m/index.html']).toMatchObject({ ok: false, held: false });
    // A console page over its budget but under its ceiling is held.
    // (the entry and react-dom 200, the form 30, the page, the layout, its menu, the channel and STOMP 1 each)
    const pageOver = CEILINGS_KB.other - 200 - 30 - 5;
    expect(byName(measure({ ...sizes, 'assets/antd-table-1.js': pageOver }))['index.html → src/features/push/pages/PushPage.tsx']).toMatchObject({
      ok: false,
      held: true,
    });
    const { login, phone } = headlineLoads(measure(sizes));
    expect([login.gzipKb, phone.gzipKb]).toEqual([260, 140]);
  });

  it('fails a load that grows past the size held, and never judges a library loaded on use', () => {
    const loads = byName(measure({ ...sizes, 'assets/antd-form-1.js': CEILINGS_KB.login, 'assets/xlsx-1.js': 5000 }));
    expect(loads[`index.html → ${LOGIN_PAGE_MODULE}`]).toMatchObject({ ok: false, held: false });
    expect(loads['bi/index.html → ../../node_modules/xlsx/xlsx.mjs']).toMatchObject({ ok: true, held: false });
  });
});

describe('chunk names', () => {
  it('names a shared chunk after the packages or folders it holds', () => {
    expect(ownerOf('/repo/node_modules/@rc-component/table/es/index.js')).toBe('rc-component-table');
    expect(ownerOf('/repo/node_modules/antd/es/button/index.js')).toBe('antd');
    expect(ownerOf('/repo/apps/web/src/features/push/pages/PushPage.tsx')).toBe('push');
    expect(ownerOf('/repo/packages/shared/src/cards.ts')).toBe('shared');
    expect(sharedChunkName(['/nowhere/node_modules/echarts/lib/a.js', '/nowhere/node_modules/echarts/lib/b.js'])).toBe('echarts');
    expect(chunkFileNames({ isDynamicEntry: true, facadeModuleId: '/repo/node_modules/oauth4webapi/build/index.js', moduleIds: [], name: 'index' })).toBe('assets/oauth4webapi-[hash].js');
    expect(chunkFileNames({ isDynamicEntry: true, facadeModuleId: '/repo/apps/web/src/lib/realtime/channel.ts', moduleIds: [], name: 'channel' })).toBe('assets/[name]-[hash].js');
  });
});
