/**
 * A module (or anything else) loaded on first use and kept: `load` runs on the first call, and
 * every later call gets the same promise. A load that fails is not kept: the next call loads
 * again (whether the runtime then fetches a chunk anew is its own affair).
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
