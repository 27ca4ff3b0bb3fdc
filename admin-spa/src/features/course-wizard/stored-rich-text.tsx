// Rich text as the server stored it (overview, objectives, articles, questions), shown read-only
// in review mode. The server already sanitised it against decision 029's allow-list; this second
// pass keeps only that allow-list's tags and attributes, so a mistake there cannot run script in a
// reviewer's session. DOMParser builds an inert document (nothing in it runs or loads).
const TAGS = new Set(['P', 'BR', 'H2', 'H3', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'CODE', 'PRE', 'HR', 'A']);

export function allowListed(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('*')).reverse()) {
    if (!TAGS.has(el.tagName)) {
      el.replaceWith(...(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'SVG', 'MATH'].includes(el.tagName.toUpperCase()) ? [] : Array.from(el.childNodes)));
      continue;
    }
    for (const attribute of Array.from(el.attributes)) {
      const keep = (el.tagName === 'A' && attribute.name === 'href' && /^(https?:|mailto:)/i.test(attribute.value.trim())) || (el.tagName === 'OL' && attribute.name === 'start');
      if (!keep) el.removeAttribute(attribute.name);
    }
    if (el.tagName === 'A') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return doc.body.innerHTML;
}

export function StoredRichText({ html }: { html: string | null }) {
  if (!html) return <p className="cw-guidance">None</p>;
  return <div className="cw-rich-text" dangerouslySetInnerHTML={{ __html: allowListed(html) }} />;
}
