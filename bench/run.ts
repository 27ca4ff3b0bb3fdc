// `npm run bench`: prints figures; it never fails on a budget (budgets are in DESIGN.md §7).
import { loadavg } from 'node:os';
import { FIRST_ROUTES, firstRouteSize } from './bundle-size';
import { catalogueBench } from './catalogue';
import { checkoutBench } from './checkout';
import { coldStart } from './cold-start';
import { databaseRestartBench } from './database-restart';
import { loadBench } from './load';
import { outboxSoak } from './outbox-soak';
import { replayRestartBench } from './replay-restart';
import { dashboardBench } from './dashboard';
import { lighthouseBench, lighthouseTargets } from './lighthouse';
import { mediaBytes } from './media-bytes';
import { mediaProcessingBench } from './media-processing';
import { overheadBench } from './overhead';
import { progressBench } from './progress';
import { installability, precacheSize } from './pwa';
import { BATCH, replayBench } from './replay';
import { reportsBench } from './reports';
import { searchFloodBench } from './search-flood';
import { uploadBench } from './upload';

console.log('First-route JavaScript (gzip), budget for the learner PWA: 150 KB');
console.table(FIRST_ROUTES.map(([app, routes]) => firstRouteSize(app, routes)));
console.log('Server start on the embedded database');
console.table([await coldStart()]);
console.log('Progress ingest from 32 learners, one event a request (Course/Uploadviewing) and 50 a request as the outbox sends them (Course/Events) (budget: ≥ 2,000 events/s; decision 008)');
console.table([...(await progressBench(1)), ...(await progressBench(50))]);
console.log(`Outbox replay: 1,000 queued events of one learner, ${BATCH} a request (budget: ≤ 3 s)`);
console.table(await replayBench());
console.log('Per-request overhead: Course/CourseCategory/List on PostgreSQL, the server vs a bare node:http + pg server (bench/bare-baseline.ts), alternating rounds with the load average beside each (budget: ratio of req/s ≥ 0.6; decision 062)');
{
  const overhead = await overheadBench();
  console.table(overhead.runs);
  console.table(overhead.summary);
}
console.log('Catalogue search: 10,000 courses, 32 clients (budget: p95 ≤ 20 ms on PostgreSQL, and ≤ 2× the idle figure when the machine is busy; decisions 020, 062)');
console.table(await catalogueBench());
console.log('A flood of unique catalogue searches on PGlite while a learner checks health and repeats a cached search (docs/decisions/020)');
console.table(await searchFloodBench());
console.log('Checkout: 24 learners pay at once in the sandbox, then race for a code with one use left (must start exactly 1)');
console.table(await checkoutBench());
console.log('Reports on PostgreSQL over 100,000 successful payments (and 10,000 pending or failed), 50,000 learners, 2,000 courses: one page per report (budget: p95 ≤ 100 ms), then an export of 100,000 rows with the server RSS (decisions 050, 051)');
{
  const reports = await reportsBench();
  console.table(reports.pages);
  console.table(reports.exports);
}
console.log('The admin dashboard over 100,000 payments, 50,000 learners and 2,000 courses on PostgreSQL, one request at a time (budget: p95 ≤ 100 ms; decision 052)');
console.table(await dashboardBench());
console.log('A 2 GiB upload in 1 MiB chunks on localhost (PGlite), cut off mid-chunk at 50 % and resumed from the chunks the server holds: server RSS and rates (docs/decisions/030)');
console.table([await uploadBench()]);
console.log('Media processing: the HLS ladder and poster of a 60 s 720p video, one ffmpeg at a time (docs/decisions/033)');
console.table(await mediaProcessingBench());
console.log('Data for one hour of lesson video, per rendition (MB = 10^6 bytes)');
console.table(mediaBytes());
console.log('Learner PWA: what the service worker precaches');
console.table([precacheSize()]);
console.log('Learner PWA: installability (Chromium, CDP) and a repeat visit offline (budget: renders in < 1 s)');
console.table([await installability()]);
console.log(
  `Lighthouse mobile, medians of 3 on every public learner route, the signed-in dashboard and player, and with the service worker in control, through a TLS + HTTP/2 proxy as deployed (nginx where installed), and the signed-in screens straight to the Node server's HTTP/1.1 too (budget: performance ≥ 95, LCP ≤ 2,000 ms, TBT ≤ 200 ms, accessibility 100; decisions 063, 074). Load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
);
console.table([
  ...(await lighthouseBench()),
  ...(await lighthouseBench(lighthouseTargets('signed-in:/dashboard,signed-in:/course/delivery'), undefined, ['direct'])),
]);
// Load and faults last: they take minutes and load the whole machine (decision 064).
console.log('Load: 1,000 learners for 5 minutes (sign in, browse, search, open a course, progress in batches) against two server processes on PostgreSQL and Redis (5xx must be 0; memory flat)');
{
  const load = await loadBench();
  console.table([load.summary]);
  console.table(load.steps);
  console.table(load.memory);
  console.table(load.memoryOverTime);
}
console.log('PostgreSQL (a private cluster) stopped for 5 s mid-load: answers while down (503 service_unavailable, never 500), recovery, and rows counted against what clients were told');
{
  const restart = await databaseRestartBench();
  console.table([restart.summary]);
  console.table([restart.answersNot2xx]);
  console.log(`5xx other than 503 service_unavailable: ${restart['500s']}`);
  console.table([restart.count]);
}
console.log('Outbox replay of 1,000 queued events against a server killed or stopped while the second batch is in flight (every event stored once)');
console.table(await replayRestartBench());
console.log('Outbox soak in Chromium: 200 random network flips with reloads and a server restart (seeded: SOAK_SEED replays it; duplicates and missing must be 0)');
console.table([await outboxSoak()]);
