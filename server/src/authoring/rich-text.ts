// Rich text (course overview and objectives now; article bodies and quiz questions later) is
// sanitised here against an allow-list before it is stored, so what the database holds is exactly
// what learners are shown (decision 029). sanitize-html parses with htmlparser2 (no DOM needed on
// the server) and drops every tag, attribute and URL scheme not listed: scripts, event handlers,
// styles, frames and javascript:/data: links never reach the database.
import sanitizeHtml from 'sanitize-html';

/** What the console's editor (Tiptap's StarterKit) writes, and nothing else. */
export const RICH_TEXT_TAGS = ['p', 'br', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped tags lose their content too when it is code or markup, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // The editor's heading levels sit under the page's own h1; anything else becomes h2/h3.
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    // Links open outside the app and cannot reach back into it (the learner app's rich-text pass
    // does the same, so it leaves stored text unchanged).
    a: (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      const kept: sanitizeHtml.Attributes = href ? { href } : {};
      if (/^https?:/i.test(href)) Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised rich text holds no words (an empty editor writes "<p></p>"). */
export function isBlankRichText(html: string): boolean {
  const textOnly = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return textOnly.replace(/&nbsp;|&#160;|\s|\u00a0/g, '') === '';
}

// Plain text (in-app notifications' title, strip and modal messages; decision 083): shown as text,
// never as HTML, yet served to anonymous callers, so no markup may be stored or served even for a
// client that would render it. Tags are dropped (script and style with their content); line-break
// tags become line breaks where the field may hold them; entities become the characters they stand
// for. Decoding can reveal markup that was typed encoded (`&lt;script&gt;`), so the pass repeats
// until nothing changes.
const BREAKS = ['br', 'p', 'div', 'li'];
const PLAIN_PASS: sanitizeHtml.IOptions = {
  allowedTags: BREAKS,
  allowedAttributes: {},
  nonTextTags: OPTIONS.nonTextTags!,
};
const ENTITY: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function plainPass(input: string, multiline: boolean): string {
  // sanitize-html's output holds no `<` but the canonical break tags kept above (text's `<` comes
  // out as &lt;), so these replacements are exact, not a guess at parsing HTML.
  const text = sanitizeHtml(input, PLAIN_PASS)
    .replace(/<br \/>|<\/(p|div|li)>/g, '\n')
    .replace(/<(p|div|li)>/g, '')
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITY[entity]!);
  const lines = multiline ? text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n') : text.replace(/\s*\n\s*/g, ' ');
  return lines.trim();
}

export function plainText(input: string, options: { multiline?: boolean } = {}): string {
  // Without `<` or `&` nothing can be markup: most messages are returned as they are, at no cost.
  if (!/[<&]/.test(input)) return input;
  let text = input;
  for (let pass = 0; pass < 8; pass++) {
    const next = plainPass(text, options.multiline ?? false);
    if (next === text) return next;
    text = next;
  }
  // Nested encodings deeper than any editor writes: give up on the angle brackets, not on safety.
  return text.replace(/[<>]/g, '');
}
