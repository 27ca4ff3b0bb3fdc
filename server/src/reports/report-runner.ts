// One way every report answers (spec 002 §4 "Export", §7 "Reports"; docs/decisions/050): a page
// of rows and the filter's row count, or — with Export — every row for the filter as an .xlsx,
// read from the database in keyset batches and written as it is read. Without Download the file
// goes back base64 in the envelope as the spec's screens expect, the envelope itself streamed
// (decision 061); with Download it is streamed as an attachment. Neither is ever held whole. A report module describes its report once (columns, how to
// count, page and batch, how a record becomes a row and a row its cells) and calls answerReport.
import { REPORT_PAGE_MAX } from '@rivet/shared/api/reports';
import { CODES } from '@rivet/shared/api/contract';
import { cellsOf, keysetRows, xlsxDownload, xlsxEnvelope, type XlsxCell, type XlsxColumn } from './xlsx-export';

export interface ReportDefinition<Rec, Row, K> {
  /** The export's file name (§9) and its sheet's name. */
  fileName: string;
  sheetName: string;
  /** The screen's columns, in order; `cells` gives one value per column. */
  columns: readonly XlsxColumn[];
  count(): Promise<number>;
  page(limit: number, offset: number): Promise<Rec[]>;
  /** The batch after `after` (null: the first), in the page's order. */
  batch(after: K | null, limit: number): Promise<Rec[]>;
  keyOf(record: Rec): K;
  /** `sno` is the row's 1-based number in the whole filter. */
  toRow(record: Rec, sno: number): Row;
  cells(row: Row): readonly XlsxCell[];
}

export interface ReportPaging {
  Page: number;
  PageSize: number;
  Export?: boolean;
  Download?: boolean;
}

export interface ReportAnswer<Row> {
  items: Row[];
  totalRows: number;
  file?: string;
  fileName?: string;
}

/** Rows per database batch while exporting. */
export const EXPORT_BATCH = 1000;

/** Every row for the filter, numbered, as spreadsheet cells. */
export function exportCells<Rec, Row, K>(report: ReportDefinition<Rec, Row, K>): AsyncIterable<readonly XlsxCell[]> {
  let sno = 0;
  return cellsOf(keysetRows(report.batch, report.keyOf, EXPORT_BATCH), (record) => report.cells(report.toRow(record, ++sno)));
}

export async function answerReport<Rec, Row, K>(report: ReportDefinition<Rec, Row, K>, paging: ReportPaging): Promise<ReportAnswer<Row> | Response> {
  const sheet = { name: report.sheetName, columns: report.columns };
  if (paging.Export && paging.Download) return xlsxDownload(report.fileName, sheet, exportCells(report));
  if (paging.Export) return xlsxEnvelope(report.fileName, sheet, exportCells(report), CODES.ok);
  const size = Math.min(paging.PageSize, REPORT_PAGE_MAX);
  const offset = (paging.Page - 1) * size;
  const [totalRows, records] = await Promise.all([report.count(), report.page(size, offset)]);
  return { items: records.map((r, i) => report.toRow(r, offset + i + 1)), totalRows };
}

/** Kobo to naira for a report cell or field. */
export const naira = (kobo: number | string | null | undefined): number => Number(kobo ?? 0) / 100;
