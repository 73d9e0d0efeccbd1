/**
 * How much of each of the five stars a rating fills, in whole percent: 4.7 → [100, 100, 100, 100, 70].
 * Out-of-range ratings are clamped to 0–5; rounding to whole percent hides float noise (4.7 − 4 = 0.7000…02).
 */
export function starFills(rating: number): number[] {
  const clamped = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return [0, 1, 2, 3, 4].map((before) => Math.round(Math.min(1, Math.max(0, clamped - before)) * 100));
}

/** Each star is 20 units wide with 2.5 units between them: drawn 16 px high, that is 2 px apart. */
export const STAR_STEP = 22.5;
export const ROW_WIDTH = 4 * STAR_STEP + 20;

/**
 * How far along a row of five stars a rating's fill reaches, in units: the whole stars with the gaps
 * after them, then the filled part of the next star (4.7 → 4 × 22.5 + 14 = 104).
 */
export function filledWidth(rating: number): number {
  let width = 0;
  for (const fill of starFills(rating)) {
    if (fill < 100) return width + (fill * 20) / 100;
    width += STAR_STEP;
  }
  return ROW_WIDTH;
}
