import { describe, expect, it } from 'vitest';
import { groupsOfBuild, type BuiltChunk } from './chunk-groups.ts';

const LAYOUT = 'src/app/layout/ShellLayout.tsx';
const OUTSIDE = ['src/features/auth/'];

/** A chunk of a build: its file, the module it stands for (an entry) and what it imports. */
const chunk = (fileName: string, facade: string | null, imports: string[] = [], dynamicImports: string[] = [], moduleIds = [`${fileName}.module`]): BuiltChunk => ({
  fileName,
  isEntry: facade?.endsWith('.html') ?? false,
  isDynamicEntry: facade !== null && !facade.endsWith('.html'),
  facadeModuleId: facade === null ? null : `/web/${facade}`,
  moduleIds,
  imports,
  dynamicImports,
});

/**
 * The console with its login page and layout, two pages of the menu (a dialog on the first), and
 * the phone page; shared chunks as the bundler splits them by which of these reach them.
 */
const build: BuiltChunk[] = [
  chunk('main.js', 'index.html', ['react.js'], ['login.js', 'layout.js', 'pageA.js', 'pageB.js']),
  chunk('m.js', 'm/index.html', ['react.js']),
  chunk('login.js', 'src/features/auth/pages/LoginPage.tsx', ['antd-core+login.js']),
  chunk('layout.js', LAYOUT, ['antd-core+login.js', 'menu.js', 'menu+pageA.js', 'menu+pageB.js']),
  chunk('pageA.js', 'src/features/a/PageA.tsx', ['menu+pageA.js', 'table.js', 'tableA+dialog.js'], ['dialog.js']),
  chunk('pageB.js', 'src/features/b/PageB.tsx', ['menu+pageB.js', 'table.js']),
  chunk('dialog.js', 'src/features/a/Dialog.tsx', ['tableA+dialog.js', 'form.js']),
  chunk('react.js', null, [], [], ['react', 'react-dom']),
  chunk('antd-core+login.js', null),
  chunk('menu.js', null),
  chunk('menu+pageA.js', null),
  chunk('menu+pageB.js', null),
  chunk('table.js', null),
  chunk('tableA+dialog.js', null),
  chunk('form.js', null),
];

const groups = groupsOfBuild(build, (id) => id.replace('/web/', ''), { layoutModule: LAYOUT, outside: OUTSIDE, asBuilt: [] });
const groupOf = (file: string) => groups.get(`${file}.module`);

describe('groupsOfBuild', () => {
  it('puts the layout\'s shared chunks together however many pages of the menu use them too', () => {
    // Every page of the menu is shown in the layout, so what the layout and one page share is downloaded by all of them.
    expect(groupOf('menu.js')).toBeDefined();
    expect(groupOf('menu+pageA.js')).toBe(groupOf('menu.js'));
    expect(groupOf('menu+pageB.js')).toBe(groupOf('menu.js'));
  });

  it('keeps apart what loads with a different set of pages', () => {
    // The login page downloads antd's core but not the menu: joining them would grow the login route.
    expect(groupOf('antd-core+login.js')).not.toBe(groupOf('menu.js'));
    // The table is on both pages, not in the layout.
    expect(groupOf('table.js')).not.toBe(groupOf('menu.js'));
    // The dialog's form is downloaded only when the dialog opens.
    expect(groupOf('form.js')).not.toBe(groupOf('tableA+dialog.js'));
    expect(groupOf('react')).toBe(groupOf('react-dom'));
    expect(groupOf('react')).not.toBe(groupOf('antd-core+login.js'));
  });

  it('counts a dialog\'s load with the page that always comes before it', () => {
    // What page A and its dialog share is downloaded whenever page A is: one set of loads with what only page A has.
    const onlyA = groupsOfBuild(
      [...build.filter((c) => c.fileName !== 'pageA.js'), chunk('pageA.js', 'src/features/a/PageA.tsx', ['menu+pageA.js', 'table.js', 'tableA+dialog.js', 'onlyA.js'], ['dialog.js']), chunk('onlyA.js', null)],
      (id) => id.replace('/web/', ''),
      { layoutModule: LAYOUT, outside: OUTSIDE, asBuilt: [] },
    );
    expect(onlyA.get('tableA+dialog.js.module')).toBe(onlyA.get('onlyA.js.module'));
  });

  it('leaves the modules of entries and lazy chunks where the bundler put them', () => {
    expect(groupOf('main.js')).toBeUndefined();
    expect(groupOf('layout.js')).toBeUndefined();
    expect(groupOf('pageA.js')).toBeUndefined();
  });

  it('leaves the scripts of an entry kept as built, and all it loads, alone', () => {
    const phone = [...build.filter((c) => c.fileName !== 'm.js'), chunk('m.js', 'm/index.html', ['react.js', 'menu.js'])];
    const kept = groupsOfBuild(phone, (id) => id.replace('/web/', ''), { layoutModule: LAYOUT, outside: OUTSIDE, asBuilt: ['m/index.html'] });
    expect(kept.get('react')).toBeUndefined();
    expect(kept.get('menu.js.module')).toBeUndefined();
    expect(kept.get('menu+pageA.js.module')).toBeDefined();
  });

  it('names each group after what it holds, one name per group', () => {
    const names = new Set(groups.values());
    const keys = new Set(['menu.js', 'table.js', 'form.js', 'react', 'antd-core+login.js', 'tableA+dialog.js'].map((f) => groups.get(f.includes('.js') ? `${f}.module` : f)));
    expect(names.size).toBe(keys.size);
  });
});
