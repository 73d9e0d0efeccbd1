/**
 * The rate limits count in fixed windows aligned to the clock (app/lib/rate-limit.server.ts: a minute,
 * 10 or 15 minutes, an hour). A test whose requests straddle a window's end sees the count start
 * again, and its 429 does not come (CI once met one at 00:45). A test of a limit starts clear of the
 * next end: it waits the few seconds until a new window begins when less than `margin` is left.
 */
export async function clearOfWindowEnd(windowMs: number, margin = 8_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export const MINUTE = 60_000;
