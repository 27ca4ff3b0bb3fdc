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

/** The whole file as base64 (tests and small callers; reports stream it with xlsxEnvelope). */
export async function xlsxBase64(sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>): Promise<string> {
  let text = '';
  for await (const piece of base64Pieces(xlsxChunks(sheet, rows))) text += piece;
  return text;
}

/**
 * Base64 of a byte stream, piece by piece. Base64 turns each 3 bytes into 4 characters, so a
 * piece is encoded only up to a multiple of 3 bytes and the 0–2 bytes left over wait for the next
 * chunk: the pieces joined are exactly the base64 of the whole, with padding only at the end.
 */
export async function* base64Pieces(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const whole = bytes.length - (bytes.length % 3);
    if (whole) yield bytes.subarray(0, whole).toString('base64');
    // Copied: the chunk's memory may be reused by the zip writer.
    carry = Buffer.from(bytes.subarray(whole));
  }
  if (carry.length) yield carry.toString('base64');
}

/** A pull-driven byte stream of `pieces`: the next piece is made only when the client has taken the last (back-pressure). */
function pulled(pieces: AsyncGenerator<Uint8Array | string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/**
 * The §4 export answer — the success envelope with `data.file` the base64 .xlsx — written as the
 * file is: the envelope's head, the base64 pieces as the zip produces them, then the row count
 * (known only at the end, so `totalRows` follows `file`; JSON keys have no order). Nothing holds
 * the whole file or its base64 text (docs/decisions/061). A database failure mid-way aborts the
 * response, which the client sees as a broken download rather than a wrong file.
 */
export function xlsxEnvelope(fileName: string, sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>, okCode: string): Response {
  let count = 0;
  const counted = (async function* () {
    for await (const cells of rows) {
      count++;
      yield cells;
    }
  })();
  const pieces = (async function* () {
    yield `{"success":true,"description":"Successful","code":${JSON.stringify(okCode)},"data":{"items":[],"fileName":${JSON.stringify(fileName)},"file":"`;
    yield* base64Pieces(xlsxChunks(sheet, counted));
    yield `","totalRows":${count}}}`;
  })();
  return new Response(pulled(pieces), { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' } });
}

/** The file as a streamed download: sent as it is written, never held whole (docs/decisions/050). */
export function xlsxDownload(fileName: string, sheet: XlsxSheet, rows: AsyncIterable<readonly XlsxCell[]>): Response {
  return new Response(pulled(xlsxChunks(sheet, rows)), {
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
