import { pinyin } from 'pinyin-pro';

const cache = new Map<string, [string, string]>();

/** Full pinyin and initials of a name, lower case, without tones or spaces (张伟 → zhangwei, zw). */
export function pinyinOf(name: string): [string, string] {
  let hit = cache.get(name);
  if (!hit) {
    const full = pinyin(name, { toneType: 'none', type: 'array', v: true })
      .join('')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    const first = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
      .join('')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    hit = [full, first];
    if (cache.size < 500_000) cache.set(name, hit);
  }
  return hit;
}
