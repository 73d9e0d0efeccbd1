/** "12:34" or "1:02:03" for a number of seconds: digits and colons only, the same in every language. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** The seconds a "12:34" or "1:02:03" stands for (as lessons show their length); null for anything else. */
export function clockSeconds(text: string | null | undefined): number | null {
  const parts = /^(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)$/.exec(text?.trim() ?? "");
  if (!parts) return null;
  if (parts[1] !== undefined && Number(parts[2]) > 59) return null;
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
}
