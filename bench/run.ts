// `npm run bench`: prints figures; it never fails on a budget (budgets are in DESIGN.md §7).
import { FIRST_ROUTES, firstRouteSize } from './bundle-size';
import { checkoutBench } from './checkout';
import { coldStart } from './cold-start';
import { lighthouse } from './lighthouse';
import { mediaBytes } from './media-bytes';
import { progressBench } from './progress';
import { installability, precacheSize } from './pwa';
import { BATCH, replayBench } from './replay';

console.log('First-route JavaScript (gzip), budget for the learner PWA: 150 KB');
console.table(FIRST_ROUTES.map(([app, routes]) => firstRouteSize(app, routes)));
console.log('Server start on the embedded database');
console.table([await coldStart()]);
console.log('Progress ingest: Course/Uploadviewing from 32 learners (budget: ≥ 2,000 events/s)');
console.table(await progressBench());
console.log(`Outbox replay: 1,000 queued events of one learner, ${BATCH} a request (budget: ≤ 3 s)`);
console.table(await replayBench());
console.log('Checkout: 24 learners pay at once in the sandbox, then race for a code with one use left (must start exactly 1)');
console.table(await checkoutBench());
console.log('Data for one hour of lesson video, per rendition (MB = 10^6 bytes)');
console.table(mediaBytes());
console.log('Learner PWA: what the service worker precaches');
console.table([precacheSize()]);
console.log('Learner PWA: installability (Chromium, CDP) and a repeat visit offline (budget: renders in < 1 s)');
console.table([await installability()]);
console.log('Lighthouse, mobile (budget: performance ≥ 95, accessibility 100)');
console.table([await lighthouse('/'), await lighthouse('/register'), await lighthouse('/course/discovery'), await lighthouse('/course/details/1/course')]);
