import { useTranslation } from "~/i18n/use-translation";
import { data, Form, useNavigation } from "react-router";
import { BookGrid } from "~/components/library/book-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageContext, servicesOf } from "~/context.server";
import { passHeaders } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { searchLibrary, suggestedBookViews } from "~/models/library.server";
import type { Route } from "./+types/library";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["library"] } satisfies StringsHandle;

/**
 * The searched words inside a sentence: isolated (like <bdi>), so an English query in a Hebrew
 * sentence keeps its own direction and the quotes and the count stay where the sentence puts them.
 */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** /library?q=…: a GET form, so a search is a shareable URL and works without JavaScript. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const { books, rateLimits, clientIp, log } = servicesOf(context);
  const q = new URL(request.url).searchParams.get("q");
  const base = { meta: meta(t("library.metaTitle"), t("library.description")), suggested: suggestedBookViews(locale) };
  if (q?.trim()) {
    const limit = await rateLimits.librarySearch.consume(clientIp);
    if (!limit.ok) {
      log.warn({ route: "library" }, "rate limit hit");
      return data(
        {
          ...base,
          search: { status: "tooMany" as const, q: q.trim().slice(0, 200), books: [], retryAfter: limit.retryAfter },
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
    }
  }
  return { ...base, search: await searchLibrary(books, q, locale) };
}

export const headers = passHeaders;
export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Library({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { search, suggested } = loaderData;
  const searching = navigation.state === "loading" && navigation.location.pathname === "/library";
  return (
    <>
      <PageHeader title={t("library.title")} />
      <div className="container-page py-14">
        <Form method="get" role="search" className="mx-auto flex max-w-2xl gap-2" data-testid="library-search">
          <label htmlFor="library-q" className="sr-only">
            {t("library.searchLabel")}
          </label>
          <input
            id="library-q"
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={200}
            placeholder={t("library.searchPlaceholder")}
            className="min-w-0 flex-1 rounded-md border border-ink-300 px-4 py-3 text-lg"
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={searching}>
            {t("library.search")}
          </button>
        </Form>

        <section aria-labelledby="results-heading" className="mt-12" aria-busy={searching}>
          <h2 id="results-heading" className="mb-4 text-2xl font-bold">
            {t("library.results")}
          </h2>
          <div role="status" className="mb-4 text-ink-700" data-testid="library-status">
            {search.status === "none" ? t("library.prompt") : null}
            {search.status === "ok" && search.books.length > 0
              ? t("library.resultsFor", { q: isolate(search.q), count: search.books.length })
              : null}
            {search.status === "ok" && search.books.length === 0
              ? t("library.noResults", { q: isolate(search.q) })
              : null}
            {search.status === "ok" && search.leftOut > 0 ? (
              <span className="mt-1 block text-sm text-ink-600" data-testid="library-left-out">
                {t("library.leftOut", { count: search.leftOut })}
              </span>
            ) : null}
            {search.status === "unavailable" ? (
              <span className="font-semibold text-danger-700">{t("library.unavailable")}</span>
            ) : null}
            {search.status === "tooMany" ? (
              <span className="font-semibold text-danger-700">
                {t("library.tooMany", { count: search.retryAfter })}
              </span>
            ) : null}
          </div>
          {search.books.length > 0 ? (
            <BookGrid books={search.books} labelledBy="results-heading" testId="search-results" firstScreen />
          ) : null}
        </section>

        <section aria-labelledby="suggested-heading" className="mt-16">
          <h2 id="suggested-heading" className="mb-4 text-2xl font-bold">
            {t("library.suggested")}
          </h2>
          <BookGrid
            books={suggested}
            labelledBy="suggested-heading"
            testId="suggested-books"
            firstScreen={search.books.length === 0}
          />
        </section>
      </div>
    </>
  );
}
