import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './rich-text';

describe('the learner app’s rich-text pass', () => {
  it('leaves what the server stored unchanged, so learners see exactly that (decision 029)', () => {
    // As server/src/authoring/rich-text.ts stores it (server/src/authoring/authoring.routes.test.ts).
    const stored =
      '<h2>Welcome</h2><p>Learn <strong>spreadsheets</strong> and <em>charts</em>.<a>bad link</a> <a href="https://example.ng/guide" target="_blank" rel="noopener noreferrer">guide</a></p>' +
      '<ul><li>Formulas</li></ul><p>Styled</p><ol><li><u>Balance</u> <s>guess</s> <code>SUM()</code></li></ol><a href="mailto:help@unilag.ng">mail</a>';
    expect(sanitizeHtml(stored)).toBe(stored);
  });
});
