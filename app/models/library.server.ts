import { suggestedBooks } from "./content.server";
import type { Locale } from "~/i18n/locale";
import { volumeSchema } from "./book.schema";
import { normalizeQuery, toBookViews, type BooksClient } from "./books.server";
import type { BookView } from "./books.types";

const suggestions = suggestedBooks.map((b) => volumeSchema.parse(b));
if (suggestions.length !== 12) throw new Error("content/suggested-books.ts must hold 12 books");

export function suggestedBookViews(locale: Locale): BookView[] {
  return toBookViews(suggestions, locale);
}

export type LibrarySearch =
  | { status: "none"; q: ""; books: [] }
  | { status: "ok"; q: string; books: BookView[]; leftOut: number }
  | { status: "unavailable"; q: string; books: [] };

/** One search for the page and the JSON API alike. */
export async function searchLibrary(
  client: BooksClient,
  rawQuery: string | null,
  locale: Locale,
): Promise<LibrarySearch> {
  const q = normalizeQuery(rawQuery);
  if (!q) return { status: "none", q: "", books: [] };
  const outcome = await client.search(q);
  if (outcome.status === "unavailable") return { status: "unavailable", q, books: [] };
  return { status: "ok", q, books: toBookViews(outcome.volumes, locale), leftOut: outcome.leftOut };
}
