import { describe, expect, it } from 'vitest';
import { catalogueText, i18n } from '@/lib/i18n';

describe('catalogue texts in the interface', () => {
  it("turns the spec's positional {} and our {name} into i18next parameters", () => {
    expect(catalogueText('用户 {} 已保存到 {}')).toBe('用户 {{0}} 已保存到 {{1}}');
    expect(catalogueText('{field} 不能为空')).toBe('{{field}} 不能为空');
    expect(catalogueText('Hello, {{name}}')).toBe('Hello, {{name}}');
  });

  it('a catalogue entry laid over the built-in labels wins, and the built-in label stays the fallback', () => {
    const before = i18n.t('common.retry', { lng: 'zh' });
    i18n.addResourceBundle('zh', 'translation', { 'common.retry': catalogueText('再试 {} 次') }, true, true);
    expect(i18n.t('common.retry', { lng: 'zh', 0: 3 })).toBe('再试 3 次');
    expect(i18n.t('common.ok', { lng: 'zh' })).toBe('确定');
    i18n.addResourceBundle('zh', 'translation', { 'common.retry': before }, true, true);
  });
});
