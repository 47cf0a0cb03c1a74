import { describe, expect, it } from 'vitest';
import { addTag, closeAllTags, closeOtherTags, closeTag, dropTag, recordName, withAffix, type Tag } from '@/lib/tabs/tag-rules';

const tag = (path: string, affix = false): Tag => ({ path, fullPath: path, title: { name: path, nameEn: path }, affix });
const HOME = '/dashboard';
const dashboard = tag(HOME, true);
const open = () => [dashboard, tag('/a'), tag('/b'), tag('/c')];
const paths = (tags: Tag[]) => tags.map((t) => t.path);

describe('tag bar rules', () => {
  it('names the record a page shows from its address, so tabs of one page differ', () => {
    expect(recordName({ doctorId: '5', doctorName: '王玲' })).toBe('王玲');
    expect(recordName({ id: '5', nameDoctor: '范紫林' })).toBe('范紫林');
    expect(recordName({ id: '9', name: '石龙镇中医医院' })).toBe('石龙镇中医医院');
    expect(recordName({ title: '指南解读' })).toBe('指南解读');
    expect(recordName({ id: '5' })).toBeUndefined();
    expect(recordName({ doctorName: ' ' })).toBeUndefined();
    expect(recordName({ doctorName: '%E7%8E%8B%E7%8E%B2' })).toBe('王玲');
    expect(recordName({ name: '100%' })).toBe('100%');
    const record = (path: string, name: string): Tag => ({ ...tag(path), title: { name: '业务记录', nameEn: 'Business record' }, record: name });
    let tags = addTag([dashboard], record('/customer/businessRecord/5/王玲', '王玲'));
    tags = addTag(tags, record('/customer/businessRecord/2/范紫林', '范紫林'));
    expect(tags.map((t) => t.record)).toEqual([undefined, '王玲', '范紫林']);
  });

  it('drops the tab of a page that sent the user on, never the pinned one', () => {
    expect(paths(dropTag(open(), '/b'))).toEqual([HOME, '/a', '/c']);
    expect(paths(dropTag(open(), HOME))).toEqual([HOME, '/a', '/b', '/c']);
  });

  it('opens a tag once and refreshes its query', () => {
    let tags = addTag([dashboard], tag('/a'));
    tags = addTag(tags, { ...tag('/a'), fullPath: '/a?page=2' });
    expect(paths(tags)).toEqual([HOME, '/a']);
    expect(tags[1]!.fullPath).toBe('/a?page=2');
  });

  it('puts the pinned dashboard first and never duplicates it', () => {
    const tags = withAffix([tag('/a'), tag(HOME)], [tag(HOME)]);
    expect(tags.map((t) => [t.path, t.affix])).toEqual([
      [HOME, true],
      ['/a', false],
    ]);
  });

  it('closing an inactive tab stays where we are', () => {
    expect(closeTag(open(), '/a', '/c', HOME)).toEqual({ tags: [dashboard, tag('/b'), tag('/c')], navigateTo: null });
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const change = closeTag(open(), '/c', '/c', HOME);
    expect(paths(change.tags)).toEqual([HOME, '/a', '/b']);
    expect(change.navigateTo).toBe('/b');
  });

  it('closing the active last tab with nothing else left goes home', () => {
    expect(closeTag([tag('/a')], '/a', '/a', HOME)).toEqual({ tags: [], navigateTo: HOME });
  });

  it('never closes the pinned dashboard', () => {
    const change = closeTag(open(), HOME, HOME, HOME);
    expect(paths(change.tags)).toEqual([HOME, '/a', '/b', '/c']);
    expect(change.navigateTo).toBeNull();
  });

  it('close others keeps the pinned dashboard and the chosen tab, and shows it', () => {
    const change = closeOtherTags(open(), '/b', '/c');
    expect(paths(change.tags)).toEqual([HOME, '/b']);
    expect(change.navigateTo).toBe('/b');
    expect(closeOtherTags(open(), '/b', '/b').navigateTo).toBeNull();
  });

  it('close all keeps the pinned dashboard and goes home', () => {
    const change = closeAllTags(open(), '/b', HOME);
    expect(paths(change.tags)).toEqual([HOME]);
    expect(change.navigateTo).toBe(HOME);
    expect(closeAllTags(open(), HOME, HOME).navigateTo).toBeNull();
  });
});
