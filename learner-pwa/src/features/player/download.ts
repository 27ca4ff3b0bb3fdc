// Saving a lesson's article or picture on the phone: the browser's download of a Blob, so the
// file keeps a readable name and works offline once saved.
import { titleSlug } from '@rivet/shared/domain/slug';
import { sanitizeHtml } from '../../components/rich-text';

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function fileBaseName(title: string, fallback: string): string {
  return titleSlug(title) || fallback;
}

/** The article as a standalone page that reads well on a phone, with no script in it. */
export function articleFile(title: string, body: string): Blob {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:42rem;margin:0 auto;padding:1rem;color:#141a26}img{max-width:100%;height:auto}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${sanitizeHtml(body)}
</body>
</html>
`;
  return new Blob([html], { type: 'text/html;charset=utf-8' });
}

export function downloadArticle(title: string, body: string): void {
  saveBlob(articleFile(title, body), `${fileBaseName(title, 'article')}.html`);
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
};

/** The picture's extension: from its type, else from its address, else none. */
export function imageExtension(type: string, url: string): string {
  const byType = IMAGE_EXTENSIONS[type.split(';')[0]!.trim().toLowerCase()];
  if (byType) return byType;
  const path = new URL(url, 'http://x').pathname;
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match ? match[1]!.toLowerCase() : '';
}

/** Fetches the (signed) picture and saves it; rejects when it cannot be fetched. */
export async function downloadImage(title: string, url: string): Promise<void> {
  const failed = new Error('The picture could not be downloaded. Check your connection and try again.');
  const response = await fetch(url, { credentials: 'same-origin' }).catch(() => {
    throw failed;
  });
  if (!response.ok) throw failed;
  const blob = await response.blob();
  const extension = imageExtension(blob.type || (response.headers.get('content-type') ?? ''), url);
  saveBlob(blob, `${fileBaseName(title, 'picture')}${extension ? `.${extension}` : ''}`);
}
