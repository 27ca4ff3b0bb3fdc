// Vitest 5's reporter uses Map.groupBy (Node 21+). Node 20 is still a supported runtime for this
// project, so the test runner gets the one missing piece here; the product code does not use it.
const mapCtor = Map as unknown as { groupBy?: unknown };
if (typeof mapCtor.groupBy !== 'function') {
  mapCtor.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> => {
    const groups = new Map<K, T[]>();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
}
const objectCtor = Object as unknown as { groupBy?: unknown };
if (typeof objectCtor.groupBy !== 'function') {
  objectCtor.groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
    const groups: Record<PropertyKey, T[]> = Object.create(null);
    let i = 0;
    for (const item of items) (groups[key(item, i++)] ??= []).push(item);
    return groups;
  };
}
export {};
