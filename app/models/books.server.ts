import type { Logger } from "~/lib/logger.server";
import { formatMoney } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import type { BookView } from "./books.types";
import { searchResponseSchema, volumeSchema, type Volume } from "./book.schema";
import { readCapped } from "~/lib/read-capped.server";

/**
 * The e-library's upstream (Google Books volumes search), called only from the server: the key never
 * reaches the browser, only the configured host is called, the query goes only into an encoded
 * parameter, redirects are not followed, every call has a timeout and a size cap, answers are
 * validated, cached (TTL, bounded) and coalesced, and repeated failures open a circuit for a while.
 */

export const MAX_RESULTS = 40;
export const MAX_QUERY_LENGTH = 200;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 200;
const CIRCUIT_FAILURES = 3;
const CIRCUIT_OPEN_MS = 30_000;

/** Fewer shown books than this from the first answer, and more exist: ask once more, for e-books only. */
export const FEW_SHOWN = 10;

/**
 * `volumes`: what can be shown and what cannot, in the upstream's order (toBookViews drops the
 * NOT_FOR_SALE ones, docs/product.md#rules); `leftOut`: how many of those cannot be shown, to say so.
 */
export type SearchOutcome = { status: "ok"; volumes: Volume[]; leftOut: number } | { status: "unavailable" };

interface Answer {
  volumes: Volume[];
  totalItems: number;
}

const showable = (v: Volume) => v.saleInfo?.saleability !== "NOT_FOR_SALE";

export interface BooksClientOptions {
  url: string;
  key?: string;
  timeoutMs: number;
  log: Logger;
  now?: () => number;
}

/** The circuit is open: no call was made. */
class CircuitOpen extends Error {}

class UpstreamError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

export function normalizeQuery(q: string | null | undefined): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
}

export class BooksClient {
  private readonly options: BooksClientOptions;
  private readonly cache = new Map<string, { at: number; value: { volumes: Volume[]; leftOut: number } }>();
  private readonly inflight = new Map<string, Promise<SearchOutcome>>();
  /** Failed upstream calls in a row: each call counts (a retry, the e-books follow-up), not each search. */
  private failures = 0;
  private openUntil = 0;
  /** Upstream calls made (for tests and metrics). */
  calls = 0;

  constructor(options: BooksClientOptions) {
    this.options = options;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Searches; an empty query makes no call. Never throws: failures come back as "unavailable". */
  async search(query: string): Promise<SearchOutcome> {
    const q = normalizeQuery(query);
    if (!q) return { status: "ok", volumes: [], leftOut: 0 };
    const key = q.toLowerCase();
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.at < CACHE_TTL_MS) {
      this.cache.delete(key); // refresh its place: least recently used goes first
      this.cache.set(key, cached);
      return { status: "ok", ...cached.value };
    }
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.fetchAndRemember(q, key).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async fetchAndRemember(q: string, key: string): Promise<SearchOutcome> {
    let first: Answer;
    try {
      first = await this.callWithRetry(q);
    } catch {
      return { status: "unavailable" }; // logged where it failed
    }
    let volumes = first.volumes;
    // Most answers are books nobody may buy or read here (NOT_FOR_SALE): when few are left and the
    // upstream has more, ask it for e-books only (FOR_SALE or FREE), once.
    if (volumes.filter(showable).length < FEW_SHOWN && first.totalItems > volumes.length) {
      try {
        const ebooks = await this.call(q, "ebooks");
        const seen = new Set(volumes.map((v) => v.id));
        volumes = [...volumes];
        for (const volume of ebooks.volumes) {
          if (seen.has(volume.id)) continue;
          seen.add(volume.id);
          volumes.push(volume);
        }
      } catch {
        // The first answer's books are still worth showing.
      }
    }
    const value = { volumes, leftOut: volumes.filter((v) => !showable(v)).length };
    this.cache.set(key, { at: this.now(), value });
    while (this.cache.size > CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return { status: "ok", ...value };
  }

  private warn(error: unknown) {
    this.options.log.warn(
      { err: { message: (error as Error).message }, upstream: new URL(this.options.url).host },
      "library search failed",
    );
  }

  private async callWithRetry(q: string): Promise<Answer> {
    try {
      return await this.call(q);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.retryable)) throw error;
      return this.call(q); // at most one retry, on a network error or a 5xx
    }
  }

  /**
   * One upstream call, through the circuit: refused while it is open; the third failure in a row opens
   * it for CIRCUIT_OPEN_MS. The count is kept when it opens, so once that time is over the first call
   * is a trial: another failure opens it again at once, a success closes it.
   */
  private async call(q: string, filter?: "ebooks"): Promise<Answer> {
    if (this.now() < this.openUntil) throw new CircuitOpen();
    try {
      const answer = await this.callUpstream(q, filter);
      this.failures = 0;
      return answer;
    } catch (error) {
      this.warn(error);
      this.failures += 1;
      if (this.failures >= CIRCUIT_FAILURES) this.openUntil = this.now() + CIRCUIT_OPEN_MS;
      throw error;
    }
  }

  private async callUpstream(q: string, filter?: "ebooks"): Promise<Answer> {
    const url = new URL(this.options.url);
    url.searchParams.set("q", q);
    url.searchParams.set("maxResults", String(MAX_RESULTS));
    if (filter) url.searchParams.set("filter", filter);
    if (this.options.key) url.searchParams.set("key", this.options.key);
    this.calls += 1;
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: "error",
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { accept: "application/json" },
      });
    } catch (error) {
      const timeout = (error as Error).name === "TimeoutError";
      throw new UpstreamError(timeout ? "timeout" : "network error", !timeout);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamError(`upstream answered ${response.status}`, response.status >= 500);
    }
    const text = await readCapped(
      response,
      MAX_RESPONSE_BYTES,
      () => new UpstreamError("upstream answer too large", false),
    );
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UpstreamError("upstream answered something that is not JSON", false);
    }
    const parsed = searchResponseSchema.safeParse(json);
    if (!parsed.success) throw new UpstreamError("upstream answer has an unexpected shape", false);
    const volumes: Volume[] = [];
    for (const item of parsed.data.items ?? []) {
      const volume = volumeSchema.safeParse(item);
      if (volume.success) volumes.push(volume.data);
    }
    return { volumes, totalItems: parsed.data.totalItems ?? volumes.length };
  }
}

/* ---------- What a book card shows (docs/product.md#what-a-card-shows, #rules) ---------- */

/** Image hosts the CSP allows for book covers (img-src), besides our own. */
export const BOOK_IMAGE_ORIGINS = ["https://books.google.com", "https://books.googleusercontent.com"];
export const PLACEHOLDER_COVER = "/images/books/placeholder.svg";

/** Links from the upstream: absolute http(s) only (no javascript:, data:, protocol-relative…). */
export function safeHttpUrl(value: string | undefined | null): string | null {
  if (!value || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Covers: https (http is upgraded), from the allowed hosts, or our own /images/books/. */
export function safeThumbnail(value: string | undefined | null): string {
  if (value && /^\/images\/books\/[\w-]+\.svg$/.test(value)) return value;
  const url = safeHttpUrl(value);
  if (!url) return PLACEHOLDER_COVER;
  const parsed = new URL(url);
  parsed.protocol = "https:";
  return BOOK_IMAGE_ORIGINS.includes(parsed.origin) ? parsed.href : PLACEHOLDER_COVER;
}

/** Descriptions may hold HTML: reduced to plain text (React escapes what remains). */
export function plainText(html: string | undefined, max = 400): string | null {
  if (!html) return null;
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** docs/product.md#rules: books that are NOT_FOR_SALE are left out. */
export function toBookViews(volumes: Volume[], locale: Locale): BookView[] {
  return volumes.filter(showable).map((v) => {
    const saleability =
      v.saleInfo?.saleability === "FREE" ? "FREE" : v.saleInfo?.saleability === "FOR_SALE" ? "FOR_SALE" : "OTHER";
    const retail = v.saleInfo?.retailPrice;
    return {
      id: v.id,
      title: v.volumeInfo.title,
      subtitle: v.volumeInfo.subtitle ?? null,
      authors: v.volumeInfo.authors ?? [],
      pageCount: v.volumeInfo.pageCount ?? null,
      saleability,
      thumbnail: safeThumbnail(v.volumeInfo.imageLinks?.thumbnail ?? v.volumeInfo.imageLinks?.smallThumbnail),
      pdfLink:
        saleability === "FREE" ? safeHttpUrl(v.accessInfo?.pdf?.downloadLink ?? v.accessInfo?.pdf?.acsTokenLink) : null,
      readLink: saleability === "FREE" ? safeHttpUrl(v.accessInfo?.webReaderLink) : null,
      price: saleability !== "FREE" && retail ? formatMoney(retail.amount, retail.currencyCode, locale) : null,
      buyLink: saleability !== "FREE" ? safeHttpUrl(v.saleInfo?.buyLink) : null,
      description: plainText(v.volumeInfo.description),
    } satisfies BookView;
  });
}
