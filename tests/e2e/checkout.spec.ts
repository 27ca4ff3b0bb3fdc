// Buying a course, as a learner would: open a paid course, enrol, try a code that has expired,
// apply one that works, pay in the test sandbox and proceed to the course; a declined payment
// leaves the learner unenrolled with 'Payment Failed'; a code that takes the whole price off enrols
// for free. Everything goes through the real server and database (no Paystack keys: the sandbox).
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_RATES, DISCOUNT_CHARGE, priceCourse } from '../../shared/domain/pricing';
import { formatKobo } from '../../shared/domain/money';
import { allowConsole } from './console-check';
import { newLearner, register, signIn } from './learner-helpers';
import { snap } from './snap';

/** Opens a course from the catalogue and presses Enroll, which for a paid course goes to checkout. */
async function checkoutFor(page: Page, course: string): Promise<string> {
  await page.goto(`/course/discovery?search=${encodeURIComponent(course)}`);
  await page.getByRole('link', { name: course, exact: true }).first().click();
  await expect(page).toHaveURL(/\/course\/details\//);
  const coursePage = page.url();
  await page.getByRole('button', { name: 'Enrol' }).first().click();
  await expect(page).toHaveURL(/\/course\/checkout\?courseId=\d+/);
  await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
  await expect(page.getByText('ONE-TIME PURCHASE')).toBeVisible();
  return coursePage;
}

async function applyCode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: /code/i });
  await field.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₦/ });

test.describe('checkout', () => {
  test.setTimeout(120_000);

  test('a learner applies a code, pays in the sandbox and proceeds to the course', async ({ page }) => {
    const learner = newLearner('Tunde', 'Bakare');
    await register(page, learner);
    await signIn(page, learner);

    // Negotiation Skills for Business: Lagos Business School, ₦22,000.
    const full = priceCourse(2_200_000, DEFAULT_RATES);
    await checkoutFor(page, 'Negotiation Skills for Business');
    const summary = page.getByRole('region', { name: 'Billing Summary' });
    await expect(summary.getByText(formatKobo(full.amount)).first()).toBeVisible();
    await expect(payButton(page)).toHaveText(`Pay ${formatKobo(full.amount)}`);
    await snap(page, 'checkout');

    await page.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

    // An expired code: refused with the server's reason, and cleared.
    allowConsole(page, /status of 422 .*\/api\/Course\/Course\/Compute\/Pricing\)$/, 'the expired code is refused on purpose (422), and the screen says why');
    await applyCode(page, 'EARLYBIRD25');
    await expect(page.getByText('This discount code has expired.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /code/i })).toHaveValue('');
    await expect(payButton(page)).toHaveText(`Pay ${formatKobo(full.amount)}`);
    await snap(page, 'checkout-code-refused');

    // ₦5,000 off Lagos Business School courses.
    const discounted = priceCourse(2_200_000, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.flat, amount: 500_000 });
    await applyCode(page, 'lbs5000');
    await expect(page.getByText('Discount code applied').first()).toBeVisible();
    await expect(payButton(page)).toHaveText(`Pay ${formatKobo(discounted.amount)}`);
    await expect(summary.getByText('LBS5000')).toBeVisible();
    // On a 360 px phone every figure stays on one line ('−₦5,000' once wrapped after its sign),
    // and nothing in the summary is wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    const figures = await summary.locator('dd').evaluateAll((dds) =>
      dds.map((dd) => {
        const money = dd.querySelector('.billing__money') ?? dd;
        const range = document.createRange();
        range.selectNodeContents(money);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { text: dd.textContent, lines: lines.size, fits: dd.getBoundingClientRect().right <= document.documentElement.clientWidth };
      }),
    );
    for (const figure of figures) expect(figure, figure.text ?? '').toMatchObject({ lines: 1, fits: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await snap(page, 'checkout-code-applied');

    await payButton(page).click();
    const sandbox = page.getByRole('dialog', { name: 'Test payment' });
    await expect(sandbox).toBeVisible();
    await expect(sandbox.getByText(/no real money/i)).toBeVisible();
    await snap(page, 'checkout-sandbox');
    await sandbox.getByRole('button', { name: /^Pay .*\(test\)$/ }).click();

    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
    await snap(page, 'checkout-success');
    await page.getByRole('button', { name: 'Proceed to Course' }).click();
    await expect(page).toHaveURL(/\/course\/delivery\?courseId=\d+/);
    await expect(page.getByRole('heading', { name: 'Negotiation Skills for Business' }).first()).toBeVisible({ timeout: 20_000 });

    // The course page now knows, and the dashboard lists the course.
    await page.goto('/dashboard');
    await expect(page.getByText('Negotiation Skills for Business').first()).toBeVisible({ timeout: 20_000 });
  });

  test('a declined payment leaves the learner unenrolled; offline, checkout says it needs the network', async ({ page, context }) => {
    const learner = newLearner('Halima', 'Sani');
    await register(page, learner);
    await signIn(page, learner);

    const coursePage = await checkoutFor(page, 'Introduction to AI Tools at Work');
    await payButton(page).click();
    const sandbox = page.getByRole('dialog', { name: 'Test payment' });
    await sandbox.getByRole('button', { name: 'Decline (test)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 20_000 });
    await snap(page, 'checkout-failed');

    // Still not enrolled: the course page offers Enroll, not Proceed to Course.
    await page.goto(coursePage);
    await expect(page.getByRole('button', { name: 'Enrol' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Course' })).toHaveCount(0);

    // Offline, checkout says it needs a connection and does not let the learner pay.
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    await expect(payButton(page)).toBeEnabled();
    await context.setOffline(true);
    await expect(page.getByText('You’re offline. Checkout needs a connection.')).toBeVisible();
    await expect(payButton(page)).toBeDisabled();
    await snap(page, 'checkout-offline');
    await context.setOffline(false);
  });

  test('a code that takes the whole price off enrols for free', async ({ page }) => {
    const learner = newLearner('Emeka', 'Nwosu');
    await register(page, learner);
    await signIn(page, learner);

    await checkoutFor(page, 'Data Analysis with Python');
    await page.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
    await applyCode(page, 'SCHOLAR100');
    await expect(page.getByText('Discount code applied').first()).toBeVisible();
    const free = page.getByRole('button', { name: 'Enrol for free' });
    await expect(free).toBeVisible();
    await free.click();
    await expect(page.getByRole('button', { name: 'Proceed to Course' })).toBeVisible({ timeout: 20_000 });
  });
});
