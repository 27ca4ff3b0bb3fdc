// Reads an advanced discount's file of codes (docs/decisions/044): a CSV or an .xlsx, told apart by
// content (an .xlsx is a zip), never by the name or type the browser sent. Every row is checked
// and every problem reported with its row number, so staff fix the file once; the caller stores
// nothing unless there are none. The spreadsheet library is loaded here only, on the server.
import { parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { BULK_CODES_MAX, BULK_FILE_MAX_BYTES, BULK_TEMPLATE_HEADER, DISCOUNT_UI_MESSAGES as M, codeProblem, type BulkRowError } from '@rivet/shared/api/discounts';
import { normalizeCode } from '@rivet/shared/domain/discount';
import { badRequest } from '../http/errors';

/** An .xlsx of 10,000 short codes inflates to a few MB; anything far past that is not such a file. */
const MAX_INFLATED_BYTES = 40 * 1024 * 1024;
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The old binary .xls (and other OLE files): not read; staff save as .xlsx or CSV. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export interface ParsedCodes {
  codes: { row: number; code: string }[];
  problems: BulkRowError[];
}

/**
 * Whether the zip inflates to at most MAX_INFLATED_BYTES. It is fed in small slices so a zip bomb
 * is stopped after a few megabytes of output, whatever sizes its headers claim.
 */
function inflatesWithinLimit(bytes: Uint8Array): boolean {
  let total = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error;
      total += chunk.length;
      if (total > MAX_INFLATED_BYTES && !over) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const SLICE = 16 * 1024;
  for (let at = 0; at < bytes.length && !over; at += SLICE) unzip.push(bytes.subarray(at, Math.min(at + SLICE, bytes.length)), at + SLICE >= bytes.length);
  return !over;
}

function xlsxRows(bytes: Uint8Array): string[][] {
  try {
    if (!inflatesWithinLimit(bytes)) throw new Error('too large inflated');
  } catch {
    throw badRequest(M.fileUnreadable, [{ field: 'FormFile', message: M.fileUnreadable }]);
  }
  let workbook: XLSX.WorkBook;
  try {
    // sheetRows: one past the most a file may hold (plus its header), so an overlong sheet is
    // noticed without reading all of it.
    workbook = XLSX.read(bytes, { type: 'array', sheetRows: BULK_CODES_MAX + 2, dense: true, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false });
  } catch {
    throw badRequest(M.fileUnreadable, [{ field: 'FormFile', message: M.fileUnreadable }]);
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  // Rows above the used range are empty: pad so that index + 1 is the row number Excel shows.
  return [...Array.from({ length: range.s.r }, () => []), ...rows.map((r) => r.map((cell) => String(cell ?? '')))];
}

function csvRows(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(M.fileType, [{ field: 'FormFile', message: M.fileType }]);
  }
  if (text.includes('\u0000')) throw badRequest(M.fileType, [{ field: 'FormFile', message: M.fileType }]);
  try {
    return parse(text, {
      bom: true,
      // Excel saves CSV with semicolons in some locales, and tab-separated text passes too.
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: BULK_CODES_MAX + 2,
    }) as string[][];
  } catch {
    throw badRequest(M.fileUnreadable, [{ field: 'FormFile', message: M.fileUnreadable }]);
  }
}

/** The file's codes, upper case, with their row numbers; or its problems. Throws 400 for a file that is not one. */
export function readBulkCodes(bytes: Uint8Array): ParsedCodes {
  if (bytes.length > BULK_FILE_MAX_BYTES) throw badRequest(M.fileTooBig(BULK_FILE_MAX_BYTES / 1048576), [{ field: 'FormFile', message: M.fileTooBig(BULK_FILE_MAX_BYTES / 1048576) }]);
  if (startsWith(bytes, OLE)) throw badRequest(M.fileType, [{ field: 'FormFile', message: M.fileType }]);
  const rows = startsWith(bytes, ZIP) ? xlsxRows(bytes) : csvRows(bytes);

  const blank = (row: string[]) => row.every((cell) => cell.trim() === '');
  // The template's header names the column; a file without it has its codes in the first.
  const firstIndex = rows.findIndex((r) => !blank(r));
  let column = 0;
  let start = firstIndex;
  if (firstIndex >= 0) {
    const header = rows[firstIndex]!.findIndex((cell) => cell.trim().toLowerCase() === BULK_TEMPLATE_HEADER.toLowerCase());
    if (header >= 0) {
      column = header;
      start = firstIndex + 1;
    }
  }

  const codes: ParsedCodes['codes'] = [];
  const problems: BulkRowError[] = [];
  const seen = new Map<string, number>();
  let filled = 0;
  for (let i = Math.max(start, 0); i < rows.length; i++) {
    const cells = rows[i]!;
    if (blank(cells)) continue;
    filled++;
    if (filled > BULK_CODES_MAX) throw badRequest(M.tooManyCodes(BULK_CODES_MAX), [{ field: 'FormFile', message: M.tooManyCodes(BULK_CODES_MAX) }]);
    const row = i + 1;
    const raw = (cells[column] ?? '').trim();
    const code = normalizeCode(raw);
    if (code === '') problems.push({ row, code: raw, reason: M.rowMissing });
    else if (codeProblem(code)) problems.push({ row, code: raw.slice(0, 60), reason: M.rowFormat });
    else if (seen.has(code)) problems.push({ row, code, reason: M.rowDuplicate(seen.get(code)!) });
    else {
      seen.set(code, row);
      codes.push({ row, code });
    }
  }
  if (!codes.length && !problems.length) throw badRequest(M.fileEmpty, [{ field: 'FormFile', message: M.fileEmpty }]);
  return { codes, problems };
}

/** The 400 for a file with bad rows: each row (up to a limit) as `FormFile[row]`, “Row n: reason”. */
export function rowProblems(problems: readonly BulkRowError[], shown: number) {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return badRequest(
    M.fileRows(sorted.length),
    sorted.slice(0, shown).map((p) => ({ field: `FormFile[${p.row}]`, message: `Row ${p.row}${p.code ? ` (${p.code})` : ''}: ${p.reason}` })),
  );
}
