// Report exports as real .xlsx files (spec 002 §4 "Export", §9 file names; docs/decisions/050).
// An .xlsx is a zip of XML parts. The sheet is written row by row into fflate's streaming zip as
// rows arrive from the database in batches, so an export of any size holds one batch of rows and
// the compressed bytes, never every row. Cells are inline strings or numbers and never formulas;
// a text cell that starts like a formula (=, +, -, @) also carries Excel's quote-prefix style, so
// a learner named =HYPERLINK(…) stays text even when a staff member edits the cell.
import { Zip, ZipDeflate, strToU8 } from 'fflate';

export type XlsxCell = string | number | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Money in naira (two decimals, thousands separated); numbers otherwise stay plain. */
  kind?: 'text' | 'number' | 'money';
  /** Width in characters; the header's length (at least 10) when not given. */
  width?: number;
}

export interface XlsxSheet {
  /** Shown on the sheet's tab (at most 31 characters; characters Excel refuses are dropped). */
  name: string;
  columns: readonly XlsxColumn[];
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows are written into the zip this many at a time (one deflate push per group). */
const ROWS_PER_PUSH = 200;

// Style indexes in styles.xml's cellXfs.
const STYLE = { plain: 0, quotedText: 1, header: 2, money: 3 } as const;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

// XML 1.0 has no place for most control characters; they are dropped rather than break the file.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A text cell a spreadsheet could read as a formula (CSV/formula injection, OWASP). */
export function looksLikeFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** A, B, …, Z, AA, AB, … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function cellXml(ref: string, value: XlsxCell, column: XlsxColumn | undefined, header = false): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && !header) {
    if (!Number.isFinite(value)) return '';
    const style = column?.kind === 'money' ? ` s="${STYLE.money}"` : '';
    return `<c r="${ref}"${style}><v>${value}</v></c>`;
  }
  const text = String(value);
  const style = header ? STYLE.header : looksLikeFormula(text) ? STYLE.quotedText : STYLE.plain;
  // Excel refuses a cell longer than 32,767 characters.
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(text.slice(0, 32_767))}</t></is></c>`;
}

function rowXml(rowNumber: number, cells: readonly XlsxCell[], columns: readonly XlsxColumn[], header = false): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${columnLetter(i)}${rowNumber}`, cells[i], columns[i], header);
  return `${xml}</row>`;
}

function sheetHead(columns: readonly XlsxColumn[]): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(10, c.header.length + 2)}" customWidth="1"/>`).join('');
  // The header row stays in view while scrolling.
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${rowXml(1, columns.map((c) => c.header), columns, true)}`;
}

function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || 'Sheet1';
}

/**
 * The .xlsx file's bytes, in pieces, as the rows arrive. The consumer pulls; rows are asked for
 * only as fast as it takes the pieces, so a slow download slows the database reads too.
 */
export async function* xlsxChunks(sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const part = (path: string, text: string) => {
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  function* drain() {
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  }

  part('[Content_Types].xml', CONTENT_TYPES);
  part('_rels/.rels', ROOT_RELS);
  part('xl/workbook.xml', workbook(sheetName(sheet.name)));
  part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  part('xl/styles.xml', STYLES);
  yield* drain();

  const data = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(data);
  data.push(strToU8(sheetHead(sheet.columns)));
  let rowNumber = 1;
  let pending = '';
  let pendingRows = 0;
  for await (const cells of rows) {
    pending += rowXml(++rowNumber, cells, sheet.columns);
    if (++pendingRows >= ROWS_PER_PUSH) {
      data.push(strToU8(pending));
      pending = '';
      pendingRows = 0;
      yield* drain();
    }
  }
  data.push(strToU8(`${pending}</sheetData></worksheet>`), true);
  zip.end();
  yield* drain();
}

/** The whole file as base64, for the envelope's `file` (§3 "Export response", §4). */
export async function xlsxBase64(sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const chunk of xlsxChunks(sheet, rows)) pieces.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(pieces).toString('base64');
}

/** The file as a streamed download: sent as it is written, never held whole (docs/decisions/050). */
export function xlsxDownload(fileName: string, sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>): Response {
  const chunks = xlsxChunks(sheet, rows);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * Rows in batches by keyset: `fetch` returns the batch after `after` (null: the first), in the
 * export's order; each row's key is where the next batch starts. Only one batch is held at a
 * time, and no transaction or connection is kept between batches (PGlite has one connection).
 */
export async function* keysetRows<R, K>(fetch: (after: K | null, limit: number) => Promise<R[]>, keyOf: (row: R) => K, batchSize = 1000): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const batch = await fetch(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}

/** Maps each row of `rows` to its cells. */
export async function* cellsOf<R>(rows: AsyncIterable<R>, toCells: (row: R) => readonly XlsxCell[]): AsyncGenerator<readonly XlsxCell[]> {
  for await (const row of rows) yield toCells(row);
}
