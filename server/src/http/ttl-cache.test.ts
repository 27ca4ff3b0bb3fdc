import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves a value until it expires', () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10, () => now);
    cache.set('a', 'x');
    now = 999;
    expect(cache.get('a')).toBe('x');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry past its size cap', () => {
    const cache = new TtlCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('computes a missing value once', async () => {
    const cache = new TtlCache<number>(60_000, 10);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)])).toEqual([1, 1]);
    expect(await cache.getOrCompute('k', compute)).toBe(1);
    expect(calls).toBe(1);
  });
});
