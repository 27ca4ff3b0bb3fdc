// Checkout under load, against a real server in sandbox mode (no Paystack keys), on PostgreSQL and
// PGlite. (0) Warm pricing with a code: calls/s. (1) LEARNERS learners each buy a paid demo course with the WELCOME10 code at the same
// time: price it, Payment/Log, settle the test payment, Payment/Process. Prints checkouts/s and the
// latency of each step. (2) The same learners race for LASTONE, a code with one use left: prints how
// many could start paying (must be 1).
import { call, onEachDatabase, percentiles } from './server';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 24);
const PRICINGS = 25;
const COURSES = ['Negotiation Skills for Business', 'Introduction to AI Tools at Work', 'Data Analysis with Excel and Power BI', 'Network Security Essentials'];

interface Learner {
  userId: string;
  token: string;
}

async function learner(url: string, i: number): Promise<Learner> {
  const email = `checkout.${i}.${Date.now()}@bench.ng`;
  const password = 'Bench#Mark2026';
  await call(url, '/Authentication/Account/Student/Register', { json: { firstName: 'Bench', lastName: 'Buyer', email, password, age: '25-29', country: 'NG' } });
  const session = await call(url, '/Authentication/Account/Student/SignIn', { json: { userName: email, password } });
  return { userId: session.userId, token: session.accessToken };
}

async function timed<T>(samples: number[], step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  samples.push(performance.now() - started);
  return result;
}

async function load(url: string) {
  const search = await call(url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
  const courseIds = new Map<string, number>(search.items.map((c: { title: string; courseId: number }) => [c.title, c.courseId]));
  const learners: Learner[] = [];
  for (let i = 0; i < LEARNERS; i++) learners.push(await learner(url, i));

  // Pricing with a code, warm: every learner asks PRICINGS times, one after the other.
  const priced: number[] = [];
  const pricingStarted = performance.now();
  await Promise.all(
    learners.map(async (l, i) => {
      const courseId = courseIds.get(COURSES[i % COURSES.length]!)!;
      for (let n = 0; n < PRICINGS; n++) await timed(priced, () => call(url, '/Course/Course/Compute/Pricing', { token: l.token, json: { courseId, discountCode: 'WELCOME10' } }));
    }),
  );
  const pricingsPerSecond = Math.round(priced.length / ((performance.now() - pricingStarted) / 1000));
  priced.sort((a, b) => a - b);

  const steps = { pricing: [] as number[], log: [] as number[], process: [] as number[] };
  let enrolled = 0;
  const started = performance.now();
  await Promise.all(
    learners.map(async (l, i) => {
      const courseId = courseIds.get(COURSES[i % COURSES.length]!)!;
      const price = await timed(steps.pricing, () => call(url, '/Course/Course/Compute/Pricing', { token: l.token, json: { courseId, discountCode: 'WELCOME10' } }));
      const payment = await timed(steps.log, () =>
        call(url, '/Course/Payment/Log', { token: l.token, json: { courseId, userId: l.userId, amount: price.amount, discountCode: 'WELCOME10', paymentChannel: 1 } }),
      );
      await call(url, `/Course/Payment/Sandbox/${payment.reference}`, { token: l.token, json: { outcome: 'success' } });
      const result = await timed(steps.process, () => call(url, '/Course/Payment/Process', { token: l.token, json: { referenceNo: payment.reference, courseId, userId: l.userId } }));
      if (result.enrolled) enrolled += 1;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  // The race for a code's last use: every learner starts paying for a course they do not own yet.
  const raceCourse = courseIds.get('Mobile App Development with Flutter')!;
  const raceStarted = performance.now();
  const answers = await Promise.all(
    learners.map(async (l) => {
      const price = await call(url, '/Course/Course/Compute/Pricing', { token: l.token, json: { courseId: raceCourse, discountCode: 'LASTONE' } }).catch(() => null);
      if (!price) return 'refused at pricing';
      return call(url, '/Course/Payment/Log', { token: l.token, json: { courseId: raceCourse, userId: l.userId, amount: price.amount, discountCode: 'LASTONE' } }).then(
        () => 'started',
        () => 'refused at Log',
      );
    }),
  );
  const raceMs = performance.now() - raceStarted;

  const summary = (name: keyof typeof steps) => {
    const sorted = [...steps[name]].sort((a, b) => a - b);
    return Object.fromEntries(Object.entries(percentiles(sorted)).map(([k, v]) => [`${name}_${k}`, v]));
  };
  return {
    pricingsPerSecond,
    pricing_warm_p50ms: percentiles(priced).p50ms,
    checkouts: LEARNERS,
    enrolled,
    checkoutsPerSecond: +(LEARNERS / elapsed).toFixed(1),
    ...summary('pricing'),
    ...summary('log'),
    ...summary('process'),
    lastUseStarted: answers.filter((a) => a === 'started').length,
    lastUseRefused: answers.filter((a) => a !== 'started').length,
    raceMs: Math.round(raceMs),
  };
}

const ENV = { RATE_LIMIT_DISCOUNT_CODES_PER_USER: '10000', RATE_LIMIT_REGISTER_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000', PAYSTACK_SECRET_KEY: '', PAYSTACK_PUBLIC_KEY: '' };

export function checkoutBench() {
  return onEachDatabase('rivet_bench_checkout', { postgres: 18_331, pglite: 18_332 }, ENV, load);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Checkout: ${LEARNERS} learners pay at once (sandbox), then race for a code with one use left`);
  console.table(await checkoutBench());
}
