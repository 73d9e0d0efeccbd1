import type { CheckoutResult } from "./provider.server";

type Answer<T> = Promise<T | null>;

/**
 * The payment provider's answers about checkouts, kept a few seconds in this process (issue 29).
 * The thank-you page asks about one checkout again and again (its own polling, reloads, a script):
 * within a few seconds it gets the answer already given, and requests at the same moment share one
 * call. A failure is not kept: the next request asks again (within its rate limit). Bounded, so
 * made-up checkout ids cannot grow it without end; the oldest answers go first. A read-back
 * provider's deals (Cardcom's GetLpResult) are kept the same way, by the provider itself.
 */
export class CheckoutCache<T = CheckoutResult> {
  private readonly entries = new Map<string, { until: number; answer: Answer<T> }>();
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly clock: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; clock?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.clock = options.clock ?? Date.now;
  }

  /** The answer given (or being fetched) for this checkout, while fresh; undefined: the provider must be asked. */
  fresh(id: string): Answer<T> | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.answer;
    this.entries.delete(id);
    return undefined;
  }

  /** The fresh answer, or the provider's through `load` (kept `ttlMs` once it arrives; forgotten if it fails). */
  read(id: string, load: () => Answer<T>): Answer<T> {
    const known = this.fresh(id);
    if (known) return known;
    const answer = load();
    // In flight: shared with whoever asks meanwhile, however long the call takes.
    this.remember(id, Number.POSITIVE_INFINITY, answer);
    answer.then(
      () => {
        if (this.entries.get(id)?.answer === answer) this.remember(id, this.clock() + this.ttlMs, answer);
      },
      () => {
        if (this.entries.get(id)?.answer === answer) this.entries.delete(id);
      },
    );
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(id: string, until: number, answer: Answer<T>) {
    this.entries.delete(id);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(id, { until, answer });
  }
}
