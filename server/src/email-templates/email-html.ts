// The HTML of an e-mail as it leaves the platform, checked after rendering (issue 29, decision 083).
// A stored template passes the rich-text allow-list (decision 029) on save, but a placeholder inside
// an attribute — `<a href="{{courseTitle}}">`, or `href="java{{x}}"` — is only a relative URL then:
// HTML-escaping the value keeps it inside the attribute, not out of a dangerous scheme. So the
// rendered result goes through the same allow-list again, with every URL-carrying attribute
// sanitize-html knows (href, src, action, formaction, xlink:href, background, poster, …) held to
// the schemes an e-mail may link to. An offending attribute is dropped; its link text stays.
import { escapeHtml, renderBody } from '@rivet/shared/domain/email-templates';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '../authoring/rich-text';

/** What a link in an e-mail may be: the web (the platform's own links are https, or http locally) and mail. */
export const EMAIL_LINK_SCHEMES = ['https', 'http', 'mailto'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: [...EMAIL_LINK_SCHEMES],
  // Only `a href` survives the tag list today; the rest keeps a wider allow-list honest later.
  allowedSchemesAppliedToAttributes: [...new Set([...sanitizeHtml.defaults.allowedSchemesAppliedToAttributes, 'href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster'])],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
};

export const sanitiseEmailHtml = (html: string): string => sanitizeHtml(html, OPTIONS);

/** A template's body with the message's values, as it may be sent. */
export const renderEmailHtml = (template: string, values: Readonly<Record<string, string>>): string => sanitiseEmailHtml(renderBody(template, values));

/**
 * Every form a value takes in the rendered HTML: as typed, as `renderBody` escapes it, and as the
 * sanitiser writes it back in text (& < > only) and in an attribute (& < > "). A secret is declared
 * in all of them, so the outbox hides it wherever the template puts it (decision 016).
 */
export function htmlForms(value: string): string[] {
  const text = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [...new Set([value, escapeHtml(value), text, text.replace(/"/g, '&quot;')])];
}
