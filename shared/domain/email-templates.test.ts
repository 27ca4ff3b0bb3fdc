import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, htmlToText, renderBody, renderSubject, sampleValues, unknownTokens } from './email-templates';

describe('e-mail template rendering', () => {
  it('escapes values into the body, line breaks as <br>, and leaves unknown placeholders empty', () => {
    const html = renderBody('<p>{{comment}}</p><p>{{ courseTitle }} {{nothing}}</p>', { comment: '<script>alert("x")</script>\nA & B', courseTitle: "Ada's course" });
    expect(html).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>A &amp; B</p><p>Ada&#39;s course </p>');
  });

  it('keeps the subject on one line, unescaped (a header, not HTML)', () => {
    expect(renderSubject('Course Rejected: {{courseTitle}}', { courseTitle: 'Data & AI\r\nPart 2' })).toBe('Course Rejected: Data & AI Part 2');
  });

  it('names placeholders the code does not offer, once each', () => {
    expect(unknownTokens('password-reset', 'Hi {{firstName}}', '<p>{{resetLink}} {{oneTimePassword}} {{x}} {{x}}</p>')).toEqual(['oneTimePassword', 'x']);
    expect(unknownTokens('course-rejected', '{{comment}}')).toEqual([]);
  });

  it('turns the HTML into readable text: paragraphs, breaks, lists, links and entities', () => {
    const text = htmlToText('<p>Hello &amp; welcome,</p><ul><li>one</li><li>two</li></ul><p>Open <a href="https://x.ng/a?b=1&amp;c=2" target="_blank">this</a><br><a href="https://x.ng">https://x.ng</a></p>');
    expect(text).toBe('Hello & welcome,\n\n- one\n- two\n\nOpen this (https://x.ng/a?b=1&c=2)\nhttps://x.ng');
  });

  it('has a sample for every placeholder of every e-mail', () => {
    for (const kind of EMAIL_KINDS) for (const token of kind.tokens) expect(sampleValues(kind.code)[token.token], `${kind.code} ${token.token}`).toBeTruthy();
  });
});
