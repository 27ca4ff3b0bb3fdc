// A self-contained API reference page rendered from the OpenAPI document (no CDN scripts: the
// server's CSP allows only its own resources, and the machine may be offline).
type Json = Record<string, any>;

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function renderSchema(schema: Json | undefined): string {
  if (!schema) return '';
  return `<pre>${esc(JSON.stringify(schema, null, 2))}</pre>`;
}

export function renderDocsPage(doc: Json): string {
  const sections: string[] = [];
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(methods as Json)) {
      const o = op as Json;
      const tag = o.tags?.[0] ?? 'Other';
      const params = (o.parameters ?? []) as Json[];
      const responses = Object.entries(o.responses ?? {}).map(
        ([status, r]) => `<li><code>${esc(status)}</code> ${esc((r as Json).description)}</li>`,
      );
      const html = `<details id="${esc(o.operationId ?? path)}"><summary><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code> <span class="s">${esc(o.summary)}</span>${o.security?.length ? ' <span class="lock" title="Needs a bearer token">🔒</span>' : ''}</summary>
${o.description ? `<p>${esc(o.description)}</p>` : ''}
${params.length ? `<h4>Parameters</h4><ul>${params.map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''})</li>`).join('')}</ul>` : ''}
${o.requestBody ? `<h4>Request body</h4>${renderSchema((Object.values(o.requestBody.content as Json)[0] as Json).schema)}` : ''}
<h4>Responses</h4><ul>${responses.join('')}</ul>
${renderSchema(o.responses?.['200']?.content?.['application/json']?.schema?.properties?.data)}
</details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  for (const [tag, items] of byTag) sections.push(`<section><h2>${esc(tag)}</h2>${items.join('\n')}</section>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#0b1f44;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8eefc;background:#0b1220}pre{background:#111a2e!important}}
h1{font-size:1.6rem}details{border:1px solid #c9d3e6;border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer}code{font-family:ui-monospace,monospace}.s{opacity:.8}
.m{display:inline-block;min-width:4rem;font-weight:700;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#1f7a3a}.post{background:#1d4ed8}.put{background:#a16207}.delete{background:#b91c1c}
pre{background:#f3f6fb;padding:.75rem;border-radius:6px;overflow:auto;font-size:.8rem}
</style></head><body>
<h1>${esc(doc.info.title)} <small>v${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description)}</p>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a></p>
${sections.join('\n')}
</body></html>`;
}
