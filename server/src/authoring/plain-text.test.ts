// plainText: what in-app notifications store and serve (decision 083). Whatever is typed, no tag
// comes out, and ordinary text (ampersands, "less than", line breaks in a modal) survives.
import { describe, expect, it } from 'vitest';
import { plainText } from './rich-text';

const NO_TAG = /<[a-z!/?]/i;

describe('plainText', () => {
  it('returns text without markup as it is', () => {
    expect(plainText('Payments pause tonight from 10 pm to midnight.')).toBe('Payments pause tonight from 10 pm to midnight.');
    expect(plainText('Q&A at 2 < 3 pm, fees > ₦500 & "free" for some')).toBe('Q&A at 2 < 3 pm, fees > ₦500 & "free" for some');
    expect(plainText('First line\nSecond line', { multiline: true })).toBe('First line\nSecond line');
  });

  const hostile = [
    '<script>alert(document.cookie)</script>Maintenance tonight',
    '<img src=x onerror=alert(1)>Maintenance tonight',
    '<a href="javascript:alert(1)">Maintenance tonight</a>',
    '<svg onload=alert(1)><circle /></svg>Maintenance tonight',
    '<iframe src="https://evil.example"></iframe>Maintenance tonight',
    '&lt;script&gt;alert(1)&lt;/script&gt;Maintenance tonight',
    '&amp;lt;img src=x onerror=alert(1)&amp;gt;Maintenance tonight',
    '<scr<script>ipt>alert(1)</script>Maintenance tonight',
    '<!-- x --><style>body{display:none}</style>Maintenance tonight',
    '<div onclick="alert(1)" style="x">Maintenance tonight</div>',
  ];
  it.each(hostile)('leaves no tag, handler or script link in %s', (input) => {
    for (const multiline of [false, true]) {
      const out = plainText(input, { multiline });
      expect(out).not.toMatch(NO_TAG);
      expect(out).not.toMatch(/javascript:|onerror=|onload=|onclick=/i);
      expect(out).toContain('Maintenance tonight');
      expect(plainText(out, { multiline })).toBe(out);
    }
  });

  it('keeps the line breaks of pasted HTML in a multi-line message, and makes them spaces in a one-line one', () => {
    const pasted = '<p>Checkout is unavailable.</p><p>Courses keep playing.<br>Thank you &amp; sorry.</p>';
    expect(plainText(pasted, { multiline: true })).toBe('Checkout is unavailable.\nCourses keep playing.\nThank you & sorry.');
    expect(plainText(pasted)).toBe('Checkout is unavailable. Courses keep playing. Thank you & sorry.');
  });

  it('leaves nothing of a message that was only markup', () => {
    expect(plainText('<script>alert(1)</script>')).toBe('');
  });
});
