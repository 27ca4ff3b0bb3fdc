import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type PriceResult } from '@rivet/shared/api/payment';
import { NETWORK_ERROR_TITLE } from '@rivet/shared/client/errors';
import { DISCOUNT_MESSAGES } from '@rivet/shared/domain/discount';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { courseDetail } from '../../test/catalogue-fixtures';
import { CheckoutPage } from './checkout-page';

const paystack = vi.hoisted(() => ({ outcome: 'success' as 'success' | 'cancel' | 'error', opened: [] as string[] }));

vi.mock('@paystack/inline-js', () => ({
  default: class {
    resumeTransaction(accessCode: string, callbacks: { onSuccess?: (t: unknown) => void; onCancel?: () => void; onError?: (e: { message: string }) => void }) {
      paystack.opened.push(accessCode);
      queueMicrotask(() => {
        if (paystack.outcome === 'success') callbacks.onSuccess?.({ id: 1, reference: 'RV-1', message: 'Approved' });
        else if (paystack.outcome === 'cancel') callbacks.onCancel?.();
        else callbacks.onError?.({ message: 'Transaction could not be loaded' });
      });
    }
  },
}));

const COURSE = courseDetail({ isPaid: true, coursePrice: { amount: 9378.18, basePrice: 8500, vat: 637.5, gatewayCharge: 240.68, currencyId: 1 } });
const price = (patch: Partial<PriceResult>): PriceResult => ({
  basePrice: 8500,
  discount: 0,
  vat: 637.5,
  gatewayCharge: 240.68,
  amount: 9378.18,
  discountCode: null,
  vatRate: 7.5,
  currency: 'NGN',
  ...patch,
});
const FULL = price({});
const PRICES: Record<string, PriceResult> = {
  SAVE20: price({ discount: 1700, vat: 510, gatewayCharge: 212.85, amount: 7522.85, discountCode: 'SAVE20' }),
  FREE100: price({ discount: 8500, vat: 0, gatewayCharge: 0, amount: 0, discountCode: 'FREE100' }),
};

type Body = Record<string, unknown>;

interface Server {
  enrolled?: boolean;
  provider?: 'sandbox' | 'paystack';
  pricing?: (body: Body) => Response;
  log?: (body: Body) => Response;
  process?: (body: Body) => Response | Promise<Response>;
}

/** When the fake provider settles a payment: 10:05 in Lagos. */
const SETTLED_AT = '2026-11-24T09:05:00.000Z';

/** The checkout's server: pricing by code, a sandbox payment whose outcome Process reports. */
function server({ enrolled = false, provider = 'sandbox', pricing, log, process }: Server = {}): FetchHandler {
  let settled: 'success' | 'failed' | null = null;
  return async (request) => {
    const { pathname } = new URL(request.url);
    const body = (request.method === 'POST' ? await request.clone().json() : {}) as Body;
    if (pathname === '/api/Course/Course/GetCourseById/1') return envelope(COURSE);
    if (pathname === '/api/Course/Course/CheckEnrollment/u-1/1') return envelope({ enrolled, currentModule: enrolled ? 2 : null, currentSection: enrolled ? 3 : null });
    if (pathname === '/api/Course/Course/Compute/Pricing') {
      if (pricing) return pricing(body);
      const code = body.discountCode as string | undefined;
      if (!code) return envelope(FULL);
      return PRICES[code] ? envelope(PRICES[code]) : envelope(null, { status: 422, description: DISCOUNT_MESSAGES.unknown });
    }
    if (pathname === '/api/Course/Payment/Log') {
      if (log) return log(body);
      return envelope({
        reference: 'RV-1',
        provider,
        accessCode: provider === 'paystack' ? 'AC-1' : null,
        publicKey: provider === 'paystack' ? 'pk_test_1' : null,
        amountKobo: Math.round((body.amount as number) * 100),
        currency: 'NGN',
        email: 'ada@example.ng',
        enrolled: false,
      });
    }
    if (pathname === '/api/Course/Payment/Sandbox/RV-1') {
      settled = body.outcome as 'success' | 'failed';
      return envelope({ reference: 'RV-1', outcome: settled });
    }
    if (pathname === '/api/Course/Payment/Process') {
      if (process) return process(body);
      const status = settled === 'success' ? 1 : settled === 'failed' ? 2 : 0;
      return envelope({ reference: body.referenceNo, status, statusName: ['Pending', 'Successful', 'Failed'][status], enrolled: status === 1, courseId: 1, amount: 9378.18, date: SETTLED_AT });
    }
    if (pathname === '/api/Course/Course/Enroll') return envelope({ enrolled: true });
    return envelope(null, { status: 404, description: 'Not found' });
  };
}

const processed = (status: 0 | 1 | 2) =>
  envelope({ reference: 'RV-1', status, statusName: ['Pending', 'Successful', 'Failed'][status], enrolled: status === 1, courseId: 1, amount: 9378.18, date: SETTLED_AT });

const destinations = [{ path: '/course/delivery', element: <p>Course player</p> }];

function renderCheckout(fetch: FetchHandler, path = '/course/checkout?courseId=1') {
  return renderApp(<CheckoutPage />, { path, routePath: '/course/checkout', routes: destinations, fetch, session: makeSession() });
}

/** The request bodies sent to one endpoint, in order. */
function bodiesTo(calls: Request[], pathname: string): Promise<Body[]> {
  return Promise.all(calls.filter((c) => new URL(c.url).pathname === pathname).map((c) => c.clone().json() as Promise<Body>));
}

/** A row of the payment result's details. */
async function resultFact(term: string) {
  const details = await screen.findByLabelText('Payment details');
  const dt = within(details).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

/** The Billing Summary's figure for a row. */
async function figure(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

async function openVoucher(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: 'Got a voucher? Click here to enter your code' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('textbox', { name: 'Discount code' });
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  act(() => setOnline(true));
  paystack.outcome = 'success';
  paystack.opened = [];
});

describe('checkout', () => {
  it('shows the course and the Billing Summary with the server’s figures', async () => {
    const { calls, container } = renderCheckout(server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Out' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const details = screen.getByRole('region', { name: 'Course Details' });
    expect(within(details).getByRole('heading', { name: 'Excel for Small Business' })).toBeInTheDocument();
    expect(within(details).getByText('Lagos Business School')).toBeInTheDocument();
    expect(within(details).getByText('ONE-TIME PURCHASE')).toBeInTheDocument();
    expect(within(details).getByText('₦8,500')).toBeInTheDocument();
    const thumb = container.querySelector('img.checkout-course__thumb')!;
    expect(thumb).toHaveAttribute('alt', '');
    expect(thumb).toHaveAttribute('width');
    expect(thumb).toHaveAttribute('height');

    const summary = screen.getByRole('region', { name: 'Billing Summary' });
    expect(await within(summary).findByText('Course price')).toBeInTheDocument();
    expect(await figure('Course price')).toBe('₦8,500');
    expect(await figure('Discount code')).toBe('—None');
    expect(await figure('VAT (7.5%)')).toBe('₦637.50');
    expect(await figure('Card payment fee')).toBe('₦240.68');
    expect(await figure('Amount')).toBe('₦9,378.18');
    expect(await screen.findByRole('button', { name: 'Pay ₦9,378.18' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(await bodiesTo(calls, '/api/Course/Course/Compute/Pricing')).toEqual([{ courseId: 1 }]);
  });

  it('shows the server’s description with Retry when pricing fails', async () => {
    let fail = true;
    const pricing = () => (fail ? envelope(null, { status: 502, description: PAYMENT_MESSAGES.unavailable }) : envelope(FULL));
    const user = userEvent.setup();
    renderCheckout(server({ pricing }));
    expect(await screen.findByText(PAYMENT_MESSAGES.unavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay ₦9,378.18' })).toBeEnabled();
  });

  it('keeps Apply disabled while the code is empty', async () => {
    const user = userEvent.setup();
    renderCheckout(server());
    await screen.findByRole('button', { name: 'Pay ₦9,378.18' });
    const field = await openVoucher(user);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(field, '   ');
    expect(apply).toBeDisabled();
    await user.type(field, 'save20');
    expect(apply).toBeEnabled();
  });

  it('applies a discount code: “Discount code applied” and the server’s discounted figures; removing it restores the full price', async () => {
    const user = userEvent.setup();
    const { calls } = renderCheckout(server());
    await screen.findByRole('button', { name: 'Pay ₦9,378.18' });
    await user.type(await openVoucher(user), ' save20 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(DISCOUNT_MESSAGES.applied, { exact: false })).toBeInTheDocument();
    expect(await figure('Discount code')).toBe('SAVE20 −₦1,700');
    expect(await figure('Amount')).toBe('₦7,522.85');
    expect(screen.getByRole('button', { name: 'Pay ₦7,522.85' })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Course/Compute/Pricing')).toEqual([{ courseId: 1 }, { courseId: 1, discountCode: 'SAVE20' }]);

    await user.click(screen.getByRole('button', { name: 'Remove code SAVE20' }));
    expect(await figure('Amount')).toBe('₦9,378.18');
    expect(screen.queryByText(DISCOUNT_MESSAGES.applied, { exact: false })).not.toBeInTheDocument();
  });

  it('a refused code clears the applied code and the field, and shows the server’s description on the field', async () => {
    const pricing = (body: Body) =>
      body.discountCode === 'OLD' ? envelope(null, { status: 422, description: DISCOUNT_MESSAGES.expired }) : envelope(body.discountCode ? PRICES.SAVE20 : FULL);
    const user = userEvent.setup();
    renderCheckout(server({ pricing }));
    await screen.findByRole('button', { name: 'Pay ₦9,378.18' });
    const field = await openVoucher(user);
    await user.type(field, 'SAVE20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await figure('Amount')).toBe('₦7,522.85');

    await user.type(field, 'old');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const error = await screen.findByText(DISCOUNT_MESSAGES.expired);
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field).toHaveFocus();
    expect(await figure('Amount')).toBe('₦9,378.18');
    expect(await figure('Discount code')).toBe('—None');
    expect(screen.queryByText(DISCOUNT_MESSAGES.applied, { exact: false })).not.toBeInTheDocument();
  });

  it('sandbox: Pay logs the payment, the test payment succeeds, Process confirms it: Payment Successful, then Proceed to Course', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { calls, router } = renderCheckout(server());
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));

    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    expect(within(dialog).getByText('Sandbox: no real money moves. Paystack keys are not configured on this server.')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.ng')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦9,378.18 (test)' }));

    const heading = await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.successful });
    expect(heading).toHaveFocus();
    // The result opens at the top of the page, not where the Pay button had been scrolled to.
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    scrollTo.mockRestore();
    expect(await resultFact('Course')).toBe('Excel for Small Business');
    expect(await resultFact('Amount paid')).toBe('₦9,378.18');
    expect(await resultFact('Reference')).toBe('RV-1');
    expect(await resultFact('Date')).toMatch(/24 November 2026.*10:05/);
    const payment = { courseId: 1, userId: 'u-1', email: 'ada@example.ng', amount: 9378.18, paymentChannel: 1, discountCode: null };
    expect(await bodiesTo(calls, '/api/Course/Payment/Log')).toEqual([payment]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Sandbox/RV-1')).toEqual([{ outcome: 'success' }]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toEqual([{ referenceNo: 'RV-1', ...payment }]);
    expect(router.state.location.search).toBe('?courseId=1');

    await user.click(screen.getByRole('button', { name: 'Proceed to Course' }));
    expect(await screen.findByText('Course player')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/course/delivery?courseId=1');
    expect(router.state.location.state).toEqual({ courseId: 1, userId: 'u-1', currentModule: null, currentSection: null });
  });

  it('sandbox: a declined test payment ends in Payment Failed; Try again goes back to the summary', async () => {
    const user = userEvent.setup();
    const { calls } = renderCheckout(server());
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Test payment' })).getByRole('button', { name: 'Decline (test)' }));

    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.failed })).toHaveFocus();
    expect(screen.getByText('The payment did not go through and you have not been charged for it. You can try again.')).toBeInTheDocument();
    expect(await resultFact('Course')).toBe('Excel for Small Business');
    expect(await resultFact('Amount')).toBe('₦9,378.18');
    expect(await resultFact('Reference')).toBe('RV-1');
    expect(await bodiesTo(calls, '/api/Course/Payment/Sandbox/RV-1')).toEqual([{ outcome: 'failed' }]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay ₦9,378.18' })).toBeEnabled();
  });

  it('sandbox: closing the test payment asks Process, and an unpaid payment is a failure', async () => {
    const user = userEvent.setup();
    const { calls } = renderCheckout(server());
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.failed })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Payment/Sandbox/RV-1')).toEqual([]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toHaveLength(1);
  });

  it('a fully discounted course enrols through Course/Enroll with the code, without logging a payment', async () => {
    const user = userEvent.setup();
    const { calls } = renderCheckout(server());
    await screen.findByRole('button', { name: 'Pay ₦9,378.18' });
    await user.type(await openVoucher(user), 'FREE100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await figure('Amount')).toBe('₦0');
    await user.click(screen.getByRole('button', { name: 'Enrol for free' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'You’re enrolled' })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Course/Enroll')).toEqual([{ userId: 'u-1', courseId: 1, discountCode: 'FREE100' }]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Log')).toEqual([]);
  });

  it('when the price has changed, shows the server’s description and prices the course again', async () => {
    let changed = false;
    const pricing = () => envelope(changed ? price({ basePrice: 9000, vat: 675, gatewayCharge: 245.26, amount: 9920.26 }) : FULL);
    const log = () => {
      changed = true;
      return envelope(null, { status: 409, description: PAYMENT_MESSAGES.priceChanged });
    };
    const user = userEvent.setup();
    const { calls } = renderCheckout(server({ pricing, log }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.priceChanged)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay ₦9,920.26' })).toBeEnabled();
    expect(await bodiesTo(calls, '/api/Course/Course/Compute/Pricing')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offline: says checkout needs a connection and disables Pay and Apply, keeping what it shows', async () => {
    const user = userEvent.setup();
    renderCheckout(server());
    const pay = await screen.findByRole('button', { name: 'Pay ₦9,378.18' });
    await user.type(await openVoucher(user), 'SAVE20');
    act(() => setOnline(false));
    expect(await screen.findByText(PAYMENT_MESSAGES.offline)).toBeInTheDocument();
    expect(pay).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(await figure('Amount')).toBe('₦9,378.18');
    act(() => setOnline(true));
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.queryByText(PAYMENT_MESSAGES.offline)).not.toBeInTheDocument();
  });

  it('reopened with a payment reference, runs Process again instead of paying twice', async () => {
    const { calls } = renderCheckout(server({ process: () => processed(1) }), '/course/checkout?courseId=1&reference=RV-9');
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.successful })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toEqual([
      { referenceNo: 'RV-9', courseId: 1, userId: 'u-1', email: 'ada@example.ng', paymentChannel: 1, discountCode: null },
    ]);
    expect(await bodiesTo(calls, '/api/Course/Payment/Log')).toEqual([]);
  });

  it('keeps the reference in the address when Process cannot be reached, and Check again finishes the payment', async () => {
    let reachable = false;
    const process = () => (reachable ? processed(1) : Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    const { router } = renderCheckout(server({ process }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Test payment' })).getByRole('button', { name: 'Pay ₦9,378.18 (test)' }));

    expect(await screen.findByText(NETWORK_ERROR_TITLE)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?courseId=1&reference=RV-1');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.successful })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?courseId=1');
  });

  it('a payment not settled yet says so, and Check again asks Process again', async () => {
    const answers = [processed(0), processed(1)];
    const user = userEvent.setup();
    const { calls } = renderCheckout(server({ process: () => answers.shift()! }), '/course/checkout?courseId=1&reference=RV-1');
    expect(await screen.findByText(PAYMENT_MESSAGES.pending)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.successful })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toHaveLength(2);
  });

  it('Paystack: the popup opens with the access code and a completed payment is processed', async () => {
    const user = userEvent.setup();
    const { calls } = renderCheckout(server({ provider: 'paystack', process: () => processed(1) }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.successful })).toBeInTheDocument();
    expect(paystack.opened).toEqual(['AC-1']);
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toHaveLength(1);
  });

  it('Paystack: a closed popup still asks Process, and an unpaid payment is a failure', async () => {
    paystack.outcome = 'cancel';
    const user = userEvent.setup();
    const { calls } = renderCheckout(server({ provider: 'paystack', process: () => processed(0) }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦9,378.18' }));
    expect(await screen.findByRole('heading', { level: 1, name: PAYMENT_MESSAGES.failed })).toBeInTheDocument();
    expect(await bodiesTo(calls, '/api/Course/Payment/Process')).toHaveLength(1);
  });

  it('tells an enrolled learner so and offers Proceed to Course where they stopped', async () => {
    const user = userEvent.setup();
    const { router } = renderCheckout(server({ enrolled: true }));
    expect(await screen.findByText(PAYMENT_MESSAGES.alreadyEnrolled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed to Course' }));
    expect(await screen.findByText('Course player')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ courseId: 1, userId: 'u-1', currentModule: 2, currentSection: 3 });
  });

  it('without a course id, or for an unknown course, says so and links to the catalogue', async () => {
    renderCheckout(server(), '/course/checkout');
    expect(await screen.findByRole('heading', { name: 'No course to check out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/course/discovery');
  });

  it('says the course is not found for an unknown id', async () => {
    renderCheckout(server(), '/course/checkout?courseId=99');
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/course/discovery');
  });
});
