// Reads a multipart/form-data request in the tests' fake servers. Node 22+'s own reader
// (`request.formData()`) refuses the file parts built from jsdom's Blobs, so the tests read the
// parts themselves: text fields as strings, files as their name, type and size.
export interface SentFile {
  name: string;
  type: string;
  size: number;
}

export async function readMultipart(request: Request): Promise<Map<string, string | SentFile>> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart request');
  // latin1 keeps one character per byte, so a file's size is its text length.
  const body = Buffer.from(await request.arrayBuffer()).toString('latin1');
  const parts = new Map<string, string | SentFile>();
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...rest] = part.replace(/^\r\n/, '').replace(/\r\n$/, '').split('\r\n\r\n');
    const content = rest.join('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*(\S+)/i.exec(head)?.[1] ?? '';
    parts.set(name, filename === undefined ? Buffer.from(content, 'latin1').toString('utf8') : { name: filename, type, size: content.length });
  }
  return parts;
}
