// Work a request starts but does not wait for (so its timing reveals nothing); tests await idle().
export interface Background {
  run(task: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackground(onError: (error: unknown) => void): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const p = task()
        .catch(onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
