/**
 * Up to two letters for an avatar: the first letter of the first and of the last word ("Dana Levi"
 * → "DL", "דנה לוי" → "דל", "Ada" → "A"). Letters, not code units: a name that starts with an emoji
 * or an accented letter keeps it whole.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const ends = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return ends.map((word) => (Array.from(word.normalize("NFC"))[0] ?? "").toLocaleUpperCase()).join("");
}
