// A downloaded lesson package, shown without the network. Online, a package opens in
// <iframe sandbox="allow-scripts">: its scripts run in an opaque origin, away from the learner's
// session. That frame cannot work offline: Chromium routes neither a sandboxed frame's navigation
// nor its requests through the service worker, and it refuses an opaque-origin document the page's
// blob: URLs (tried in Chromium 156: docs/decisions/012-offline-lesson-packages.md). So offline the
// entry page is read from Cache Storage, its scripts and anything active are dropped, its files are
// pointed at the signed prefix (requests of the app's own page, which the service worker answers
// from the cache, with ranges for seeking), and the result is shown in a shadow root so its styles
// stay inside.
import { canonicalMediaKey, MEDIA_CACHE } from './db';
import { signedPrefix } from './offline-media';

export interface OfflinePackagePage {
  /** Sanitised body markup, addresses rewritten. */
  html: string;
  /** The page's own styles, scoped to the package's wrapper. */
  css: string;
  /** The page had scripts, which cannot run here: its interactive parts need the connection. */
  hadScripts: boolean;
}

const KEPT_TAGS = new Set(
  (
    'a abbr article aside audio b blockquote br caption cite code dd details div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 ' +
    'header hr i img li main mark nav ol p picture pre q s section small source span strong sub summary sup table tbody td tfoot th ' +
    'thead time tr track u ul video'
  ).split(' '),
);
/** Removed with everything inside them. */
const DROPPED_TAGS = 'script,noscript,style,link,meta,base,iframe,frame,frameset,object,embed,form,template,svg,math,canvas,dialog,portal';
const KEPT_ATTRIBUTES = new Set(
  'alt class colspan controls datetime dir height href id kind label lang loop muted open playsinline poster preload rowspan scope src srclang title type width'.split(' '),
);
const URL_ATTRIBUTES = new Set(['src', 'poster', 'href']);

/** Where the package's own files live (`/media/c/{token}/{assetId}/`) and how a relative address resolves. */
function addressing(entryUrl: string) {
  const base = new URL(entryUrl, 'http://app.invalid');
  const prefix = signedPrefix(base.pathname)!;
  return {
    /** The package's file as a same-origin path, or null for anything outside the package. */
    inside(value: string): string | null {
      let resolved: URL;
      try {
        resolved = new URL(value, base);
      } catch {
        return null;
      }
      return resolved.origin === base.origin && resolved.pathname.startsWith(prefix) ? `${resolved.pathname}${resolved.search}` : null;
    },
  };
}

function cleanAttributes(element: Element, address: ReturnType<typeof addressing>): void {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (!KEPT_ATTRIBUTES.has(name)) {
      element.removeAttribute(attribute.name);
      continue;
    }
    if (!URL_ATTRIBUTES.has(name)) continue;
    const value = attribute.value.trim();
    const inside = address.inside(value);
    if (name === 'href' && element.tagName === 'A' && !inside) {
      if (/^https?:\/\//i.test(value)) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      } else element.removeAttribute(attribute.name);
    } else if (name === 'href') {
      // Another page of the package cannot open here.
      element.removeAttribute(attribute.name);
    } else if (inside) element.setAttribute(attribute.name, inside);
    else element.removeAttribute(attribute.name);
  }
}

/** The page's styles, confined: no imports, files from the package only, `html`/`body` meaning the wrapper. */
function scopeStyles(css: string, address: ReturnType<typeof addressing>): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_, _quote: string, value: string) => {
      const inside = address.inside(value);
      return inside ? `url("${inside}")` : 'none';
    })
    .replace(/(^|[\s,}>+~])(html|body|:root)(?=[^{}]*\{)/gi, '$1.package-page');
}

/** The entry page made safe to show inside the app. */
export function packagePage(html: string, entryUrl: string): OfflinePackagePage {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const address = addressing(entryUrl);
  const hadScripts = doc.querySelector('script') !== null || Array.from(doc.querySelectorAll('*')).some((el) => el.getAttributeNames().some((n) => n.startsWith('on')));
  const css = Array.from(doc.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
  doc.body.querySelectorAll(DROPPED_TAGS).forEach((el) => el.remove());
  // Deepest first, so unwrapping an unknown element keeps its (already cleaned) children.
  for (const element of Array.from(doc.body.querySelectorAll('*')).reverse()) {
    if (KEPT_TAGS.has(element.tagName.toLowerCase())) cleanAttributes(element, address);
    else element.replaceWith(...Array.from(element.childNodes));
  }
  // The page sits under the player's own h1 (the section's title): its headings go one level down.
  for (const heading of Array.from(doc.body.querySelectorAll('h1, h2, h3, h4, h5'))) {
    const lower = doc.createElement(`h${Number(heading.tagName[1]) + 1}`);
    for (const attribute of Array.from(heading.attributes)) lower.setAttribute(attribute.name, attribute.value);
    lower.append(...Array.from(heading.childNodes));
    heading.replaceWith(lower);
  }
  return { html: doc.body.innerHTML, css: scopeStyles(css, address), hadScripts };
}

/** Reads a downloaded package's entry page from the cache; null when it is not there. */
export async function readOfflinePackage(entryUrl: string, cacheStorage: CacheStorage = globalThis.caches): Promise<OfflinePackagePage | null> {
  const key = canonicalMediaKey(entryUrl);
  if (!key || !cacheStorage) return null;
  const cache = await cacheStorage.open(MEDIA_CACHE);
  const response = await cache.match(key);
  return response ? packagePage(await response.text(), entryUrl) : null;
}
