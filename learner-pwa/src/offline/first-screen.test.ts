import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenModule from './first-screen';

type FirstScreen = typeof FirstScreenModule;

/** A fresh module each test: the screen is drawn once per page. */
async function load(): Promise<FirstScreen> {
  vi.resetModules();
  return import('./first-screen');
}

function tracked(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('waits for the screen to be drawn, its queries to answer and its pictures to arrive', async () => {
    const { afterFirstScreen, markFirstScreenDrawn } = await load();
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['dashboard'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const settled = tracked(afterFirstScreen(client));

    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled.done).toBe(false);

    markFirstScreenDrawn();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled.done).toBe(false);

    // The answer draws a picture, which is still on its way.
    const picture = document.createElement('img');
    Object.defineProperty(picture, 'complete', { value: false });
    document.body.append(picture);
    answer('data');
    await vi.advanceTimersByTimeAsync(100);
    expect(settled.done).toBe(false);

    picture.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled.done).toBe(true);
    // Later callers (a learner who signs in afterwards) do not wait again.
    const later = tracked(afterFirstScreen(client));
    await vi.advanceTimersByTimeAsync(0);
    expect(later.done).toBe(true);
  });

  it('waits no longer than SETTLE_CAP_MS once the screen is drawn (a query retrying on a bad connection)', async () => {
    const { afterFirstScreen, markFirstScreenDrawn, SETTLE_CAP_MS } = await load();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => undefined) });
    const settled = tracked(afterFirstScreen(client));
    markFirstScreenDrawn();
    await vi.advanceTimersByTimeAsync(SETTLE_CAP_MS - 100);
    expect(settled.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled.done).toBe(true);
  });

  it('waits no longer than START_CAP_MS for a screen that never reports itself drawn', async () => {
    const { afterFirstScreen, START_CAP_MS } = await load();
    const settled = tracked(afterFirstScreen(new QueryClient()));
    await vi.advanceTimersByTimeAsync(START_CAP_MS - 100);
    expect(settled.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled.done).toBe(true);
  });
});
