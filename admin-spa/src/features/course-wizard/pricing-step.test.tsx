import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { courseDraft } from './course-fixture';

const COURSE = '/api/Course';
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });

const course = (patch: Partial<CourseDraft> = {}) => courseDraft({ stepNo: 4, ...patch });

const price = (basePrice: number) => ({ basePrice, discount: 0, vat: basePrice * 0.075, gatewayCharge: 265.23, amount: basePrice * 1.075 + 265.23, discountCode: null, vatRate: 7.5, currency: 'NGN' });

function setup(extra: FakeRoutes = {}, patch: Partial<CourseDraft> = {}) {
  let submitted = false;
  const server = fakeFetch({
    [`GET ${COURSE}/Course/Update/41`]: () => ok(course(submitted ? { ...patch, draft: false } : patch)),
    ['GET /api/Configuration/Currency/List']: () => ok([{ id: 1, name: 'NGN' }]),
    [`POST ${COURSE}/Course/Compute/Pricing`]: async (request) => ok(price(((await request.json()) as { basePrice: number }).basePrice)),
    [`POST ${COURSE}/Course/Pricing`]: () => {
      submitted = true;
      return ok({ courseId: 41, approvalStatus: 1, draft: false, basePrice: 10000, vat: 750, gatewayCharge: 265.23, amount: 11015.23, submittedAt: '2026-11-24T05:00:00.000Z' }, 'Course submitted for review');
    },
    ...extra,
  });
  const view = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
  return { ...view, server };
}

async function opened() {
  await waitFor(() => expect(heading()).toHaveTextContent('Pricing'), { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('button', { name: /Currency/ })).toHaveTextContent('NGN'));
}
const basePrice = () => screen.getByRole('spinbutton', { name: 'Base Price' }) as HTMLInputElement;
const figure = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('Pricing', () => {
  it('blocks e, E, + and - in the base price, and refuses to calculate without a price above 0', async () => {
    const { user } = setup();
    await opened();
    const calculate = screen.getByRole('button', { name: 'Calculate Price' });
    expect(calculate).toBeDisabled();
    await user.type(basePrice(), '1e2E+3-4');
    expect(basePrice().value).toBe('1234');
    for (const key of ['e', 'E', '+', '-']) expect(fireEvent.keyDown(basePrice(), { key })).toBe(false);
    expect(fireEvent.keyDown(basePrice(), { key: '5' })).toBe(true);
    expect(calculate).toBeEnabled();
    await user.clear(basePrice());
    await user.type(basePrice(), '0');
    expect(calculate).toBeDisabled();
  });

  it('calculates from the server, zeroes the figures when the base price changes, and submits only after a calculation', async () => {
    const { user, server } = setup();
    await opened();
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeDisabled();
    await user.type(basePrice(), '10000');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    await waitFor(() => expect(figure('VAT')).toBe('₦750.00'));
    expect([figure('Gateway Charge'), figure('Total Price')]).toEqual(['₦265.23', '₦11,015.23']);
    expect(submit).toBeEnabled();
    expect(server.requests.find((r) => r.path.endsWith('Compute/Pricing'))?.body).toEqual({ basePrice: 10000 });

    // A changed base price makes the figures stale: zeroed, and Submit waits for a new calculation.
    await user.type(basePrice(), '0');
    expect([figure('VAT'), figure('Gateway Charge'), figure('Total Price')]).toEqual(['₦0.00', '₦0.00', '₦0.00']);
    expect(submit).toBeDisabled();
    await user.clear(basePrice());
    await user.type(basePrice(), '10000');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    expect(await screen.findAllByText('Course submitted for review')).not.toHaveLength(0);
    expect(server.requests.find((r) => r.path === `${COURSE}/Course/Pricing`)?.body).toEqual({ courseId: 41, currencyId: 1, basePrice: 10000, vat: 750, gatewayCharge: 265.23 });
    // The course now waits for review: a confirmation with somewhere to go, not the wizard.
    expect(await screen.findByRole('heading', { name: 'Course submitted for review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });

  it('says “Failed to calculate price. Please try again later” when the calculation fails, and keeps Submit disabled', async () => {
    const { user } = setup({ [`POST ${COURSE}/Course/Compute/Pricing`]: () => fail(500, 'Boom') });
    await opened();
    await user.type(basePrice(), '5000');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    expect(await screen.findByText('Failed to calculate price. Please try again later')).toBeInTheDocument();
    expect(basePrice().value).toBe('5000');
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
  });

  it('opens a revision with its stored price and figures, brought up to date, and still zeroes them when the price changes (decision 078)', async () => {
    // Stored when the published course was last priced; the VAT rate has changed since.
    const stored = { revisionOfCourseId: 12, basePrice: 10_000, vat: 500, gatewayCharge: 260, coursePrice: 10_760 };
    const { user, server } = setup({}, stored);
    await opened();
    expect(basePrice().value).toBe('10000');
    expect(screen.getByText(/Learners keep the published course and its price until this update is approved/)).toBeInTheDocument();
    // Calculated again for the same base price: what the server will store on submission.
    await waitFor(() => expect(figure('VAT')).toBe('₦750.00'));
    expect([figure('Gateway Charge'), figure('Total Price')]).toEqual(['₦265.23', '₦11,015.23']);
    expect(server.requests.filter((r) => r.path.endsWith('Compute/Pricing')).map((r) => r.body)).toEqual([{ basePrice: 10000 }]);
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeEnabled();

    // §4 still holds: a changed base price zeroes the figures until Calculate Price.
    await user.type(basePrice(), '0');
    expect([figure('VAT'), figure('Gateway Charge'), figure('Total Price')]).toEqual(['₦0.00', '₦0.00', '₦0.00']);
    expect(submit).toBeDisabled();
    await user.clear(basePrice());
    await user.type(basePrice(), '10000');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    // The author's confirmation for an update: learners keep the published version meanwhile.
    expect(await screen.findByRole('heading', { name: 'Update submitted for review' })).toBeInTheDocument();
    expect(screen.getByText(/Learners keep the published version until it is approved/)).toBeInTheDocument();
  });

  it('keeps the stored figures when they cannot be calculated again', async () => {
    setup({ [`POST ${COURSE}/Course/Compute/Pricing`]: () => fail(500, 'Boom') }, { basePrice: 10_000, vat: 750, gatewayCharge: 265.23, coursePrice: 11_015.23 });
    await opened();
    expect(basePrice().value).toBe('10000');
    expect([figure('VAT'), figure('Gateway Charge'), figure('Total Price')]).toEqual(['₦750.00', '₦265.23', '₦11,015.23']);
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeEnabled();
    expect(screen.queryByText('Failed to calculate price. Please try again later')).not.toBeInTheDocument();
  });
});
