// A bound on expensive work that strangers can start (uncached catalogue searches): at most
// `concurrency` run at once and at most `queue` wait; past that the caller is told to come back.
// On the embedded database every query runs on the server's own thread, so without this a flood
// of unique searches queues ahead of everything else (health checks, cached answers, sign-ins).
import { CODES } from '@rivet/shared/api/contract';
import { AppError } from './errors';

export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorkGate(options: { concurrency: number; queue: number; busyMessage: string }): WorkGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter: `running` stays the same.
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running < options.concurrency) running++;
      else if (waiting.length >= options.queue) throw new AppError(503, CODES.busy, options.busyMessage, [], { 'retry-after': '2' });
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        // PGlite answers in microtasks, which Node runs to the end before it reads the next
        // request: without a turn of the event loop here, each search would run whole before any
        // other request (a health check, a sign-in, the next search to be queued) is even read.
        await new Promise((resolve) => setImmediate(resolve));
        return await work();
      } finally {
        release();
      }
    },
  };
}
