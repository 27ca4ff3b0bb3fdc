// The report screens' one shape (spec 002 §2.11, §4 "Export"): the List page with 10 rows a page,
// a search, an optional date range applied by Search, the screen's own filters, and Export. The
// filters live in the URL beside the search and page (use-list-query.ts), so Back and reload keep
// them; each change starts from the address as it is then (use-update-search-params.ts). Export
// asks the same call for every row (page 1, a very large page size, Export=true) and saves the
// base64 file it returns under the spec's file name; paging carries on as before.
import { Fragment, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { DataOf, Endpoint } from '@rivet/shared/api/contract';
import { EXPORT_PAGE_SIZE, formatReportDate, REPORT_PAGE_SIZE } from '@rivet/shared/api/reports';
import { dateRangeProblem } from '@rivet/shared/api/course-approval';
import { formatFigureKobo } from '@rivet/shared/domain/money';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { ListPage, type ListColumn } from './list-page';
import { useListQuery } from './use-list-query';
import { useUpdateSearchParams } from './use-update-search-params';
import './report-page.css';

type ReportEndpoint = Endpoint & { data: unknown };
type ReportRow = { id: number | string };
type ReportData<R> = { items: R[]; totalRows: number; file?: string; fileName?: string };

/** A filter kept in the URL under `key` ('' when unset). */
export interface ReportFilterState {
  value: (key: string) => string;
  set: (key: string, value: string) => void;
  /** Several at once, as one step in history (the date range's Start and End). */
  setAll: (values: Record<string, string>) => void;
}

export function useReportFilters(): ReportFilterState {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const setAll = (values: Record<string, string>) =>
    updateParams((next) => {
      for (const [key, value] of Object.entries(values)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
    });
  return { value: (key) => params.get(key) ?? '', set: (key, value) => setAll({ [key]: value }), setAll };
}

export interface ReportPageProps<E extends ReportEndpoint, R extends ReportRow> {
  /** The heading; a function when it comes from the answer (a course's name). */
  title: string | ((data: DataOf<E> | undefined) => string);
  description?: string | ((data: DataOf<E> | undefined) => string | undefined);
  /** Something above the page (a back link). */
  before?: ReactNode;
  /** The page's own class, beside report-page. */
  className?: string;
  endpoint: E;
  columns: readonly ListColumn<R>[];
  searchLabel: string;
  /** The call's query besides Search, Page, PageSize, the dates and Export (e.g. TransactionStatus). */
  query?: Record<string, string>;
  /** Shows Start date and End date with a Search button that applies them. */
  dateRange?: boolean;
  /** The screen's own filters (e.g. transaction status, partner). */
  filters?: ReactNode;
  /** The Export button's words (default "Export"). */
  exportLabel?: string;
  emptyText: (search: string) => string;
  /** Something above the table (totals). */
  summary?: (data: DataOf<E> | undefined) => ReactNode;
  /** The rows of a page's data when they are not `items`. */
  rowsOf?: (data: DataOf<E>) => R[];
  headerExtra?: ReactNode;
}

/** The dates the URL holds (StartDate and EndDate, yyyy-mm-dd). */
function useDates(filters: ReportFilterState) {
  return { StartDate: filters.value('from'), EndDate: filters.value('to') };
}

/**
 * Export as §4 says: every row for `query` (page 1, a very large page size, Export=true), the
 * returned base64 file saved under its name; a failure is a toast and paging carries on.
 */
export function useReportExport(endpoint: ReportEndpoint, query: Record<string, string>, fallbackName: string) {
  const { api } = useSessionManager();
  const [exporting, setExporting] = useState(false);
  async function exportAll() {
    if (exporting) return;
    setExporting(true);
    try {
      const answer = (await api.call(endpoint, { query: { ...query, Page: '1', PageSize: String(EXPORT_PAGE_SIZE), Export: 'true' } as never })) as ReportData<unknown>;
      if (answer.file) saveBase64(answer.file, answer.fileName ?? fallbackName);
    } catch (error) {
      toast.error('Export failed', errorMessage(error));
    } finally {
      setExporting(false);
    }
  }
  return { exporting, exportAll };
}

/** The Export button of a report or of a table that exports like one. */
export function ExportButton({ exporter, label = 'Export' }: { exporter: ReturnType<typeof useReportExport>; label?: string }) {
  return (
    <Button variant="secondary" onPress={() => void exporter.exportAll()} isPending={exporter.exporting}>
      {exporter.exporting ? 'Exporting…' : label}
    </Button>
  );
}

export function ReportPage<E extends ReportEndpoint, R extends ReportRow>(props: ReportPageProps<E, R>) {
  const { title, description, before, className, endpoint, columns, searchLabel, query: extra = {}, dateRange, filters, exportLabel = 'Export', emptyText, summary, rowsOf, headerExtra } = props;
  const { api } = useSessionManager();
  const list = useListQuery();
  const urlFilters = useReportFilters();
  const dates = useDates(urlFilters);
  const base: Record<string, string> = { Search: list.search, ...extra };
  if (dates.StartDate) base.StartDate = dates.StartDate;
  if (dates.EndDate) base.EndDate = dates.EndDate;

  const page = useQuery({
    queryKey: ['report', endpoint.path, base, list.page],
    queryFn: ({ signal }) => api.call(endpoint, { query: { ...base, Page: String(list.page), PageSize: String(REPORT_PAGE_SIZE) } as never, signal }),
    placeholderData: keepPreviousData,
  });
  const data = page.data as (DataOf<E> & ReportData<R>) | undefined;
  const heading = typeof title === 'function' ? title(data) : title;
  const exporter = useReportExport(endpoint, base, `${heading}.xlsx`);

  return (
    <div className={`report-page${className ? ` ${className}` : ''}`}>
      {before}
      <ListPage<R>
        title={heading}
        description={typeof description === 'function' ? description(data) : description}
        action={<ExportButton exporter={exporter} label={exportLabel} />}
        searchLabel={searchLabel}
        searchPlaceholder={searchLabel}
        filters={
          <>
            {dateRange ? <DateRange filters={urlFilters} /> : null}
            {filters}
            {headerExtra}
          </>
        }
        query={list}
        columns={columns}
        rows={data ? (rowsOf ? rowsOf(data) : data.items) : undefined}
        totalRows={data?.totalRows}
        pageSize={REPORT_PAGE_SIZE}
        isPending={page.isPending}
        error={page.error}
        onRetry={() => void page.refetch()}
        emptyText={emptyText}
        beforeTable={summary ? summary(data) : null}
      />
    </div>
  );
}

/** Start date and End date, applied (with the search text) by Search. */
function DateRange({ filters }: { filters: ReportFilterState }) {
  const [from, setFrom] = useState(filters.value('from'));
  const [to, setTo] = useState(filters.value('to'));
  const problem = dateRangeProblem(from, to);
  function apply() {
    if (problem) return;
    filters.setAll({ from, to });
  }
  return (
    <div className="report-page__dates" role="group" aria-label="Date range">
      <TextField label="Start date" type="date" value={from} onChange={setFrom} />
      <TextField label="End date" type="date" value={to} onChange={setTo} errorMessage={problem ?? undefined} />
      <Button onPress={apply} isDisabled={Boolean(problem)}>
        Search
      </Button>
    </div>
  );
}

/** Saves a base64 file (§4: "downloads the returned base64 file as a spreadsheet"). */
export function saveBase64(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Money in a report cell: 0 is ₦0, not 'Free' (§9: NGN, en-NG). */
export const showNaira = (amount: number) => formatFigureKobo(Math.round(amount * 100));

/**
 * A payment reference or record id: one long token, shown small in a fixed-width face and broken
 * after its hyphens first (RVT-MWUVYPN5- / 418ABFDA8AF3), so at 1024 px it takes two lines, not eight.
 */
export function ReportReference({ value }: { value: string }) {
  return <BreakAfter className="report-cell--ref" value={value} after={/(?<=-)/} />;
}

/**
 * A user name or an e-mail address: one word to the browser, so it offers a break only after its
 * dots, @, hyphens and underscores ('kti.hauwa' never splits as 'kti.ha uwa'); CSS keeps the column
 * wide enough for an ordinary name and breaks inside a part only when that part alone is too long.
 */
export function ReportToken({ value }: { value: string }) {
  return <BreakAfter className="report-cell--token" value={value} after={/(?<=[.@_+-])/} />;
}

/** `value` with a line-break opportunity (<wbr>) at each place `after` splits it, and nowhere else. */
function BreakAfter({ className, value, after }: { className: string; value: string; after: RegExp }) {
  const parts = value.split(after);
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}

/** A report's date and time (§9 "date - time"); on a narrow table the time goes under the date, never split. */
export function ReportDate({ iso }: { iso: string }) {
  const [date, time] = formatReportDate(iso).split(' - ');
  return (
    <time dateTime={iso} className="report-cell--date">
      <span>{date}</span> - <span>{time}</span>
    </time>
  );
}
