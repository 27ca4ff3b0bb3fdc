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
