// Course overview, objectives, partner text and lesson articles arrive as HTML written in the
// authoring editor. The server stores it sanitised; this second pass keeps a mistake there from
// running script in a learner's session. DOMParser builds an inert document (scripts in it never run).
import './rich-text.css';

const DROP = 'script,style,iframe,object,embed,form,input,button,link,meta,base,frame,frameset,svg,math,template';
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset']);

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROP).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attribute of Array.from(el.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a scheme ('java\tscript:').
      const value = Array.from(attribute.value)
        .filter((ch) => ch.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (name.startsWith('on') || name === 'style' || (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data):/.test(value))) {
        el.removeAttribute(attribute.name);
      }
    }
    // Links written by partners open outside the app and cannot reach back into it.
    if (el.tagName === 'A' && /^https?:/i.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return doc.body.innerHTML;
}

export function RichText({ html, className }: { html: string | null; className?: string }) {
  if (!html) return null;
  return <div className={`rich-text ${className ?? ''}`.trim()} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
