import { lazy, type ComponentType } from "react";

/**
 * A component in a chunk of its own in the browser, but rendered in place by the server: for what
 * only some viewers see (a learner's notes, a review form) and must work without JavaScript.
 *
 * The server build loads the module at start. The lazy component then resolves on its first render
 * through a thenable that calls back synchronously, so the server never suspends on it. Do not wrap
 * it in <Suspense>: React 19.2 may stream a large finished boundary out of place, and only a script
 * would reveal it. In the browser, hydration waits for the chunk and keeps the server's HTML until it
 * comes.
 */
export function lazyRenderedOnServer<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | undefined;
  if (import.meta.env.SSR)
    void load().then((module) => {
      loaded = module;
    });
  return lazy(() =>
    loaded
      ? ({
          then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(loaded!),
        } as unknown as Promise<{
          default: ComponentType<P>;
        }>)
      : load(),
  );
}
