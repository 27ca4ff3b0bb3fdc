import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createWorkGate } from './work-gate';

const turn = () => new Promise((r) => setImmediate(r));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the work gate', () => {
  it('runs at most `concurrency` jobs at once and starts the waiting ones in order', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 5, busyMessage: 'busy' });
    const started: number[] = [];
    const blockers = [deferred(), deferred(), deferred()];
    const jobs = blockers.map((b, i) =>
      gate.run(async () => {
        started.push(i);
        await b.promise;
        return i;
      }),
    );
    await turn();
    expect(started).toEqual([0]);
    blockers[0]!.resolve();
    await jobs[0];
    await turn();
    expect(started).toEqual([0, 1]);
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
  });

  it('turns work away with a 503 and the busy message once the queue is full, and recovers', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1, busyMessage: 'Search is busy' });
    const block = deferred();
    const running = gate.run(() => block.promise);
    const waiting = gate.run(async () => 'second');
    const refused = await gate.run(async () => 'third').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, description: 'Search is busy', headers: { 'retry-after': '2' } });
    block.resolve();
    await running;
    expect(await waiting).toBe('second');
    expect(await gate.run(async () => 'later')).toBe('later');
  });

  it('lets the event loop turn before the work starts, so other requests are read first', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1, busyMessage: 'busy' });
    const order: string[] = [];
    // A request already waiting to be read when the search starts.
    setImmediate(() => order.push('other request'));
    const job = gate.run(async () => order.push('work'));
    await job;
    expect(order).toEqual(['other request', 'work']);
  });

  it('frees the slot when a job fails', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0, busyMessage: 'busy' });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
