import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };
// React's own bound for `lazy` (a screen's props are its own)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Screen = ComponentType<any>;

/** A screen's component loaded with its chunk, and a way to start loading that chunk before it is shown. */
export type LazyScreen<T extends Screen> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/**
 * `React.lazy` for a screen: its chunk loads when first shown, or earlier through `preload()` (main.tsx starts the
 * first screen's beside `/me`). Once the chunk is loaded the screen renders at once: React's `lazy` takes a
 * thenable that answers synchronously without suspending, where an `import()` of a loaded module would still
 * suspend for a tick, show the fallback, and so hold it for React's 300 ms fallback throttle.
 */
export function lazyScreen<T extends Screen>(load: () => Promise<Module<T>>): LazyScreen<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  // a failed load is tried again by the next preload or render (a chunk that could not be fetched once)
  const preload = () => (loading ??= load().then((m) => (loaded = m), (e: unknown) => ((loading = undefined), Promise.reject(e))));
  const screen = lazy(() => (loaded ? ({ then: (ok: (m: Module<T>) => void) => ok(loaded!) } as unknown as Promise<Module<T>>) : preload()));
  return Object.assign(screen, { preload });
}
