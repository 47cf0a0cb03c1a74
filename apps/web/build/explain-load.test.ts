import { describe, expect, it } from 'vitest';
import { groupOf, groupSizes } from './explain-load.ts';
import type { ModuleReport } from './module-report.ts';

describe('groupOf', () => {
  it('names antd and ECharts by component, other packages by name, the web and shared sources by folder', () => {
    expect(groupOf('/repo/node_modules/antd/es/table/Table.js')).toBe('antd/table');
    expect(groupOf('/repo/node_modules/echarts/lib/chart/bar/BarView.js')).toBe('echarts/chart/bar');
    expect(groupOf('/repo/node_modules/echarts/lib/core/echarts.js')).toBe('echarts/core/echarts');
    expect(groupOf('/repo/node_modules/echarts/lib/chart/bar/install.js')).toBe('echarts/chart/bar');
    expect(groupOf('/repo/node_modules/@rc-component/select/es/Select.js')).toBe('@rc-component/select');
    expect(groupOf('/repo/node_modules/echarts/node_modules/tslib/tslib.es6.js')).toBe('tslib');
    expect(groupOf('\0/repo/node_modules/react/index.js?commonjs-proxy')).toBe('react');
    expect(groupOf('/repo/packages/shared/src/areas/apps-schemas.ts')).toBe('shared/areas/apps-schemas.ts');
    expect(groupOf('/repo/apps/web/src/features/push/pages/PushPage.tsx')).toBe('src/features/push/pages');
    // as the module report names them: relative to the web's folder
    expect(groupOf('src/app/layout/TopBar.tsx')).toBe('src/app/layout/TopBar.tsx');
    expect(groupOf('../../node_modules/antd/es/menu/index.js')).toBe('antd/menu');
    expect(groupOf('../../packages/shared/src/messages-core.ts')).toBe('shared/messages-core.ts');
    expect(groupOf('\0rolldown/runtime.js')).toBe('rolldown/runtime.js');
  });
});

describe('groupSizes', () => {
  const report: ModuleReport = {
    'assets/a.js': {
      '/repo/node_modules/antd/es/table/Table.js': { rendered: 900, gzip: 300 },
      '/repo/node_modules/antd/es/table/hooks.js': { rendered: 300, gzip: 100 },
      '/repo/node_modules/zod/v4/classic/schemas.js': { rendered: 600, gzip: 200 },
    },
    'assets/b.js': { '/repo/node_modules/zod/v4/core/core.js': { rendered: 100, gzip: 50 } },
  };

  it("shares each script's real gzip size among its groups by their modules' own gzip sizes", () => {
    // a.js compresses to 300 bytes as a whole (its modules alone: 600), b.js to 40.
    const sizes = groupSizes(['assets/a.js', 'assets/b.js'], report, (file) => (file === 'assets/a.js' ? 300 : 40));
    expect(Object.fromEntries(sizes)).toEqual({ 'antd/table': 200, zod: 140 });
  });

  it('counts only the scripts asked for and skips files the report does not know', () => {
    const sizes = groupSizes(['assets/b.js', 'assets/c.css'], report, () => 50);
    expect(Object.fromEntries(sizes)).toEqual({ zod: 50 });
  });
});
