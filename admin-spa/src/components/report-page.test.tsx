// ReportPage, the report screens' one shape (spec 002 §2.11, §4 "Export"; decisions 050, 060), seen
// through Course Payment Reports: the filters reach the call, paging at 10, Export asks for every row
// with the same filter and saves the file under its name, and the empty and error states.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CoursePaymentRow } from '@rivet/shared/api/reports';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../test/render-admin';
import { ReportReference } from './report-page';
import { SEARCH_DEBOUNCE_MS } from './use-list-query';

const REPORT = '/api/Report/Report';
const PAYMENTS = `GET ${REPORT}/GetCoursePayment`;
const PARTNERS = 'GET /api/Institution/Institution/Search';

const payment = (sno: number): CoursePaymentRow => ({
  sno,
  id: `RVT-${sno}`,
  name: `Learner ${sno}`,
  enrolledDate: '2026-03-10T09:00:00.000Z',
  courseName: 'Data Science',
  courseAmount: 22_000,
  discount: 2_000,
  institution: 'UNILAG',
  pricePaid: 20_000,
  transactionStatusName: 'Successful',
});

const partners = () =>
  ok({
    items: [{ id: 7, name: 'University of Lagos', fullName: 'University of Lagos', code: 'UNILAG', isActive: true, email: '', website: null, address: null, overView: null, logoUrl: null, bannerUrl: null, thumbnailUrl: null, students: 0, courses: 0 }],
    totalRows: 1,
  });

/**
 * Holds back every timer of `ms` (the search box's pause) until `end()`, so a test decides when the
 * pause ends; other timers run as usual.
 */
function holdTimers(ms: number) {
  const held = new Map<number, () => void>();
  let nextId = 1_000_000;
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, delay?: number, ...args: unknown[]) => {
    if (delay !== ms) return realSetTimeout(run, delay, ...args);
    held.set(++nextId, run);
    return nextId;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    if (!held.delete(id as unknown as number)) realClearTimeout(id);
  });
  return {
    get waiting() {
      return held.size;
    },
    end() {
      const runs = [...held.values()];
      held.clear();
      for (const run of runs) run();
    },
  };
}

describe('ReportPage', { timeout: 20_000 }, () => {
  let saved: { name: string; type: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', type: (blob as Blob).type });
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the columns and 10 rows a page, and pages on with the same filter', async () => {
    const server = fakeFetch({
      [PAYMENTS]: (request) => {
        const page = Number(new URL(request.url).searchParams.get('Page'));
        return ok({ items: Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => payment((page - 1) * 10 + i + 1)), totalRows: 23 });
      },
      [PARTNERS]: partners,
    });
    const { user } = renderAdmin({ path: '/report/course-payment', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    const table = await screen.findByRole('grid', { name: 'Course Payment Reports' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'S/NO',
      'ID',
      'NAME',
      'ENROLLED DATE',
      'COURSE NAME',
      'COURSE AMOUNT',
      'DISCOUNT',
      'INSTITUTION',
      'PRICE PAID',
      'TRANSACTION STATUS',
    ]);
    expect(await within(table).findAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // Successful is the default status; all partners.
    expect(server.requests.find((r) => r.path.endsWith('GetCoursePayment'))?.query).toMatchObject({ Page: '1', PageSize: '10', TransactionStatus: '1', InstitutionId: '0' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(server.requests.at(-1)?.query).toMatchObject({ Page: '2', PageSize: '10' });
  });

  it('sends the search, the transaction status, the partner and the date range, and goes back to page 1', async () => {
    const server = fakeFetch({ [PAYMENTS]: () => ok({ items: [payment(1)], totalRows: 1 }), [PARTNERS]: partners });
    const { user } = renderAdmin({ path: '/report/course-payment?page=2', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    await screen.findByRole('grid', { name: 'Course Payment Reports' });
    const last = () => server.requests.filter((r) => r.path.endsWith('GetCoursePayment')).at(-1)!.query;

    await user.click(screen.getByRole('button', { name: /Transaction status/ }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(last()).toMatchObject({ TransactionStatus: '2', Page: '1' }));

    await user.click(screen.getByRole('button', { name: /Partner/ }));
    await user.click(await screen.findByRole('option', { name: 'University of Lagos' }));
    await waitFor(() => expect(last()).toMatchObject({ InstitutionId: '7' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search learner, course or reference' }), 'ada');
    await waitFor(() => expect(last()).toMatchObject({ Search: 'ada' }), { timeout: 2000 });

    // The dates apply on Search, and an end before the start is refused on the spot.
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    // A date field takes a whole date at once (typing it key by key passes through invalid dates).
    fireEvent.change(start, { target: { value: '2026-04-02' } });
    fireEvent.change(end, { target: { value: '2026-04-01' } });
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    fireEvent.change(end, { target: { value: '2026-04-30' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()).toMatchObject({ StartDate: '2026-04-02', EndDate: '2026-04-30', TransactionStatus: '2', InstitutionId: '7', Search: 'ada', Page: '1' }));
  }, 20_000);

  it('keeps a partner chosen while the search is still waiting, and asks with both', async () => {
    const pause = holdTimers(SEARCH_DEBOUNCE_MS);
    const server = fakeFetch({ [PAYMENTS]: () => ok({ items: [payment(1)], totalRows: 1 }), [PARTNERS]: partners });
    const { router, user } = renderAdmin({ path: '/report/course-payment', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    await screen.findByRole('grid', { name: 'Course Payment Reports' });
    const last = () => server.requests.filter((r) => r.path.endsWith('GetCoursePayment')).at(-1)!.query;

    await user.type(screen.getByRole('searchbox', { name: 'Search learner, course or reference' }), 'ada');
    expect(pause.waiting).toBe(1);
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: /Partner/ }));
    const unilag = await screen.findByRole('option', { name: 'University of Lagos' });
    // The choice goes into the address at once, but React renders the router's update later (in a
    // transition): the search's pause ends in between, before the page has seen the partner.
    act(() => {
      fireEvent.click(unilag);
      expect(router.state.location.search).toBe('?partner=7');
      pause.end();
    });

    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ partner: '7', q: 'ada' }));
    await waitFor(() => expect(last()).toMatchObject({ Search: 'ada', InstitutionId: '7', Page: '1' }));
    expect(screen.getByRole('button', { name: /Partner/ })).toHaveTextContent('University of Lagos');
    expect(screen.getByRole('searchbox', { name: 'Search learner, course or reference' })).toHaveValue('ada');
  });

  it('exports every row for the filter and saves the file under the answer’s name', async () => {
    const server = fakeFetch({
      [PAYMENTS]: (request) =>
        new URL(request.url).searchParams.get('Export') === 'true' ? ok({ items: [], totalRows: 23, file: btoa('PK xlsx'), fileName: 'CoursePayment.xlsx' }) : ok({ items: [payment(1)], totalRows: 23 }),
      [PARTNERS]: partners,
    });
    const { user } = renderAdmin({ path: '/report/course-payment?status=0', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    await screen.findByRole('grid', { name: 'Course Payment Reports' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'CoursePayment.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]));
    expect(server.requests.find((r) => r.query.Export === 'true')?.query).toMatchObject({ Page: '1', PageSize: '1000000', TransactionStatus: '0', InstitutionId: '0' });
    // Paging carries on as before.
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('says so when the export fails, and keeps the table', async () => {
    const server = fakeFetch({
      [PAYMENTS]: (request) => (new URL(request.url).searchParams.get('Export') === 'true' ? fail(500, 'Something went wrong') : ok({ items: [payment(1)], totalRows: 1 })),
      [PARTNERS]: partners,
    });
    const { user } = renderAdmin({ path: '/report/course-payment', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    await screen.findByRole('grid', { name: 'Course Payment Reports' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'Learner 1' })).toBeInTheDocument();
  });

  it('shows the empty text, naming the search', async () => {
    const server = fakeFetch({ [PAYMENTS]: () => ok({ items: [], totalRows: 0 }), [PARTNERS]: partners });
    renderAdmin({ path: '/report/course-payment', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    expect(await screen.findByText('No payments for these filters.')).toBeInTheDocument();
    renderAdmin({ path: '/report/course-payment?q=zz', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    expect(await screen.findByText('No payment matches “zz”.')).toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    let failing = true;
    const server = fakeFetch({ [PAYMENTS]: () => (failing ? fail(400, 'The report could not be read') : ok({ items: [payment(1)], totalRows: 1 })), [PARTNERS]: partners });
    const { user } = renderAdmin({ path: '/report/course-payment', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    expect(await screen.findByText('The report could not be read')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Learner 1' })).toBeInTheDocument();
  });
});

describe('ReportReference', () => {
  it('offers a line break after each hyphen and keeps the reference whole for copying and reading', () => {
    const { container } = render(<ReportReference value="RVT-MWUVYPN5-418ABFDA8AF3" />);
    const cell = container.querySelector('.report-cell--ref')!;
    expect(cell.textContent).toBe('RVT-MWUVYPN5-418ABFDA8AF3');
    expect(cell.querySelectorAll('wbr')).toHaveLength(2);
    expect(cell.innerHTML).toBe('RVT-<wbr>MWUVYPN5-<wbr>418ABFDA8AF3');
  });

  it('leaves a reference without hyphens as one piece', () => {
    const { container } = render(<ReportReference value="42" />);
    expect(container.querySelector('.report-cell--ref')!.innerHTML).toBe('42');
  });
});
