import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLE_BODY_TAGS } from '@field-portal/shared';
import { RichText } from './rich-text';

afterEach(cleanup);

const shown = (html: string) => render(<RichText html={html} className="body" />).container.querySelector('.body')!.innerHTML;

describe('an article body rebuilt from the allow-list', () => {
  it('keeps every element of the shared allow-list', () => {
    for (const tag of ARTICLE_BODY_TAGS) {
      const html = tag === 'img' ? '<img src="https://example.com/a.png" alt="a">' : `<${tag}>x</${tag}>`;
      const wrapped = ['tr', 'td', 'th', 'thead', 'tbody'].includes(tag) ? `<table>${html}</table>` : html;
      expect(shown(wrapped), tag).toContain(`<${tag}`);
      cleanup();
    }
  });

  it('drops any element not on it; its text stays, as inert text', () => {
    expect(shown('<p>a<script>alert(1)</script><marquee>b</marquee></p>')).toBe('<p>aalert(1)b</p>');
    expect(shown('<iframe src="https://example.com"></iframe><p>c</p>')).toBe('<p>c</p>');
  });

  it('keeps links and images with http or https addresses only, and opens links apart', () => {
    expect(shown('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(shown('<a href="https://example.com" onclick="x()">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(shown('<img src="data:image/png;base64,AAAA"><p>d</p>')).toBe('<p>d</p>');
  });
});
