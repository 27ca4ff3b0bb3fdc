/**
 * Overviews may arrive as rich text (HTML from the admin editor). Show them as plain paragraphs:
 * nothing from the server is ever injected as markup.
 */
export function plainParagraphs(text: string | null): string[] {
  if (!text) return [];
  let plain = text;
  if (/<[a-z][\s\S]*>/i.test(text) && typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(text.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
    plain = doc.body.textContent ?? '';
  }
  return plain
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}
