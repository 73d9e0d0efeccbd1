/**
 * Work that must reach the server before the next page's data is read (D-L1). A lesson player's last
 * progress report is the case: a learner who clicks a link while a video plays expects the next page
 * (their profile, "Resume from …") to know where they stopped. Without this, the player's report left
 * only as it unmounted — after the next page's loaders had already read the old position.
 *
 * A component registers a task while it has one; root's `clientMiddleware` runs them all and waits
 * for them before any loader or action of an in-app navigation (or fetcher) runs. The tasks send to
 * our own server, as the loaders do: a task that fails resolves anyway (a lost report loses seconds).
 */
export interface NavigationStart {
  /** A GET of another page: the current page is being left (a link, a GET form). */
  leaving: boolean;
}

type Task = (start: NavigationStart) => Promise<unknown>;

const tasks = new Set<Task>();

/** Registers `task` to run before each navigation's loaders; returns the function that removes it. */
export function beforeNavigation(task: Task): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Runs every registered task for a navigation to `target`, and waits for all of them. */
export async function settleBeforeNavigation(target: URL, method: string, here: URL): Promise<void> {
  if (tasks.size === 0) return;
  const leaving = method.toUpperCase() === "GET" && target.pathname !== here.pathname;
  await Promise.allSettled([...tasks].map((task) => task({ leaving })));
}
