import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, xmlChars } from './xml-text.js';

describe('xml-text', () => {
  it('drops only the characters XML 1.0 cannot hold', () => {
    expect(xmlChars('a\u0000b\u0007c\u001Fd\uD800e\uFFFEf\uFFFF')).toBe('abcdef');
    expect(xmlChars('tab\tlf\ncr\r é 😀 \uE000')).toBe('tab\tlf\ncr\r é 😀 \uE000');
  });

  it('escapes every markup character, entity-like text included', () => {
    expect(escapeHtml(`<a href="x">'&amp;'</a> ]]>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;amp;&#39;&lt;/a&gt; ]]&gt;',
    );
    expect(escapeXml('a\u0001<b>')).toBe('a&lt;b&gt;');
  });
});
