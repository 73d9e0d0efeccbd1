/**
 * How much of each of the five stars a rating fills, in whole percent: 4.7 → [100, 100, 100, 100, 70].
 * Out-of-range ratings are clamped to 0–5; rounding to whole percent hides float noise (4.7 − 4 = 0.7000…02).
 */
export function starFills(rating: number): number[] {
  const clamped = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return [0, 1, 2, 3, 4].map((before) => Math.round(Math.min(1, Math.max(0, clamped - before)) * 100));
}
