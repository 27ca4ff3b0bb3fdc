import { describe, expect, it } from 'vitest';
import { readXlsx } from '../testing/report-fixtures';
import { base64Pieces, columnLetter, keysetRows, looksLikeFormula, xlsxBase64, xlsxDownload, xlsxEnvelope, type XlsxCell } from './xlsx-export';

async function* from(rows: readonly (readonly XlsxCell[])[]) {
  yield* rows;
}

const SHEET = { name: 'Course Payment', columns: [{ header: 'NAME' }, { header: 'AMOUNT', kind: 'money' as const }, { header: 'NOTE' }] };

describe('xlsx export', () => {
  it('encodes base64 piece by piece, exactly as the whole, whatever the chunk sizes', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) % 256));
    for (const sizes of [[1], [2], [3], [4, 5], [7, 1, 1, 2]]) {
      const chunks = (async function* () {
        for (let at = 0, k = 0; at < bytes.length; k++) {
          const size = sizes[k % sizes.length]!;
          yield bytes.subarray(at, at + size);
          at += size;
        }
      })();
      let text = '';
      for await (const piece of base64Pieces(chunks)) text += piece;
      expect(text).toBe(bytes.toString('base64'));
    }
  });

  it('streams the envelope with the base64 file, a workbook the spreadsheet library opens', async () => {
    const rows = Array.from({ length: 5000 }, (_, i): XlsxCell[] => [`Learner ${i}`, i * 1.5, i % 2 ? '=SUM(A1)' : null]);
    const res = xlsxEnvelope('CoursePayment.xlsx', SHEET, from(rows), '00');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { success: boolean; code: string; data: { items: unknown[]; totalRows: number; fileName: string; file: string } };
    expect(body).toMatchObject({ success: true, code: '00', data: { items: [], totalRows: 5000, fileName: 'CoursePayment.xlsx' } });
    const read = readXlsx(Buffer.from(body.data.file, 'base64'));
    expect(read.rows).toHaveLength(5001);
    expect(read.rows[1]).toEqual(['Learner 0', 0, null]);
    expect(read.rows[5000]).toEqual(['Learner 4999', 7498.5, '=SUM(A1)']);
    expect(read.sheet.C5001!.f).toBeUndefined();
  });

  it('writes a workbook the spreadsheet library opens: header row, rows, numbers as numbers', async () => {
    const file = Buffer.from(await xlsxBase64(SHEET, from([['Ada Obi', 1500.5, 'first'], ['Bayo', 0, null]])), 'base64');
    const { book, rows } = readXlsx(file);
    expect(book.SheetNames).toEqual(['Course Payment']);
    expect(rows).toEqual([
      ['NAME', 'AMOUNT', 'NOTE'],
      ['Ada Obi', 1500.5, 'first'],
      ['Bayo', 0, null],
    ]);
  });

  it('keeps a formula-looking learner name as text, never a formula', async () => {
    const names = ['=HYPERLINK("x")', '+2+3', '-1-1', '@SUM(A1)', 'plain'];
    const file = Buffer.from(await xlsxBase64(SHEET, from(names.map((n) => [n, 1, n]))), 'base64');
    const { sheet, rows } = readXlsx(file);
    expect(rows.slice(1).map((r) => r[0])).toEqual(names);
    for (let r = 2; r <= names.length + 1; r++) {
      const cell = sheet[`A${r}`]!;
      expect(cell.t).toBe('s');
      expect(cell.f).toBeUndefined();
    }
    // The quote-prefix style keeps it text when the cell is edited in Excel.
    const xml = await sheetXml(file);
    expect(xml).toContain('<c r="A2" t="inlineStr" s="1"><is><t xml:space="preserve">=HYPERLINK(&quot;x&quot;)</t></is></c>');
    expect(xml).toContain('<c r="A6" t="inlineStr"><is><t xml:space="preserve">plain</t></is></c>');
    expect(xml).not.toContain('<f>');
    expect(looksLikeFormula('=1')).toBe(true);
    expect(looksLikeFormula('Ada')).toBe(false);
  });

  it('escapes markup and drops characters XML cannot hold', async () => {
    const file = Buffer.from(await xlsxBase64(SHEET, from([['<b>Tom & "Jerry"</b>\u0001', 1, '']])), 'base64');
    expect(readXlsx(file).rows[1]![0]).toBe('<b>Tom & "Jerry"</b>');
  });

  it('streams a large sheet in pieces, reading rows only as the download is taken', async () => {
    let produced = 0;
    async function* many() {
      for (let i = 0; i < 5000; i++) {
        produced++;
        yield [`Learner ${i}`, i, 'x'] as const;
      }
    }
    const response = xlsxDownload('CoursePayment.xlsx', SHEET, many());
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="CoursePayment.xlsx"');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The first piece left before most rows were even produced.
    expect(produced).toBeLessThan(5000);
    const pieces = [first.value!];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      pieces.push(next.value);
    }
    expect(pieces.length).toBeGreaterThan(2);
    const { rows } = readXlsx(Buffer.concat(pieces));
    expect(rows).toHaveLength(5001);
    expect(rows[5000]).toEqual(['Learner 4999', 4999, 'x']);
  });

  it('reads keyset batches until a short one', async () => {
    const data = Array.from({ length: 25 }, (_, i) => i + 1);
    const asked: (number | null)[] = [];
    const got: number[] = [];
    for await (const n of keysetRows<number, number>(async (after, limit) => {
      asked.push(after);
      return data.filter((d) => after === null || d > after).slice(0, limit);
    }, (n) => n, 10)) got.push(n);
    expect(got).toEqual(data);
    expect(asked).toEqual([null, 10, 20]);
  });

  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

async function sheetXml(file: Uint8Array): Promise<string> {
  const { unzipSync, strFromU8 } = await import('fflate');
  return strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml']!);
}
