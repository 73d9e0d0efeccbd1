import { useTranslation } from "~/i18n/use-translation";
import type { BookView } from "~/models/books.types";
import { useEnglishFallback } from "~/components/ui/english-fallback";

const PLACEHOLDER = "/images/books/placeholder.svg";

/**
 * A book (docs/product.md#what-a-card-shows): cover, title, page count, authors, saleability; then a Download Pdf link for
 * free books, or the price and a Buy Now link. Everything from the upstream is rendered as text.
 */
export function BookCard({ book, eager = false }: { book: BookView; eager?: boolean }) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  const titleId = `book-${book.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex gap-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]"
      data-testid="book-card"
      data-saleability={book.saleability}
    >
      <img
        src={book.thumbnail}
        alt={t("library.cover", { title: book.title })}
        width={96}
        height={144}
        loading={eager ? "eager" : "lazy"}
        referrerPolicy="no-referrer"
        onError={(event) => {
          // A cover that fails to load (the image host is down) becomes the neutral placeholder.
          if (!event.currentTarget.src.endsWith(PLACEHOLDER)) event.currentTarget.src = PLACEHOLDER;
        }}
        className="h-36 w-24 shrink-0 rounded bg-ink-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={titleId} className="font-bold text-ink-900">
          <bdi {...fallback(book.title)}>{book.title}</bdi>
        </h3>
        {book.subtitle ? (
          <p className="text-sm text-ink-600">
            <bdi {...fallback(book.subtitle)}>{book.subtitle}</bdi>
          </p>
        ) : null}
        <p className="mt-1 text-sm text-ink-700">
          <bdi {...fallback(book.authors.join(", "))}>
            {book.authors.length ? book.authors.join(", ") : t("library.unknownAuthor")}
          </bdi>
        </p>
        <p className="mt-1 text-sm text-ink-600">
          {book.pageCount ? <span>{t("library.pages", { count: book.pageCount })} · </span> : null}
          <span data-testid="book-saleability">
            {book.saleability === "FREE"
              ? t("library.free")
              : book.saleability === "FOR_SALE"
                ? t("library.forSale")
                : t("library.notAvailable")}
          </span>
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-3">
          {book.saleability === "FREE" && book.pdfLink ? (
            <a
              href={book.pdfLink}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn btn-primary"
              data-testid="download-pdf"
            >
              {t("library.downloadPdf")}
              <span className="sr-only"> {t("library.opensNewTab")}</span>
            </a>
          ) : null}
          {book.saleability === "FREE" && !book.pdfLink && book.readLink ? (
            <a
              href={book.readLink}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn btn-secondary"
              data-testid="read-online"
            >
              {t("library.readOnline")}
              <span className="sr-only"> {t("library.opensNewTab")}</span>
            </a>
          ) : null}
          {book.saleability !== "FREE" && book.price ? (
            <span className="font-bold text-ink-900" data-testid="book-price">
              <span className="sr-only">{t("library.priceLabel")}: </span>
              <bdi>{book.price}</bdi>
            </span>
          ) : null}
          {book.saleability !== "FREE" && book.buyLink ? (
            <a
              href={book.buyLink}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn btn-secondary"
              data-testid="buy-now"
            >
              {t("library.buyNow")}
              <span className="sr-only"> {t("library.opensNewTab")}</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** `firstScreen`: the grid starts in the first screen, so its first row (two wide) is not lazy. */
export function BookGrid({
  books,
  labelledBy,
  testId,
  firstScreen = false,
}: {
  books: BookView[];
  labelledBy: string;
  testId: string;
  firstScreen?: boolean;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-6 md:grid-cols-2" data-testid={testId}>
      {books.map((book, i) => (
        <li key={book.id}>
          <BookCard book={book} eager={firstScreen && i < 2} />
        </li>
      ))}
    </ul>
  );
}
