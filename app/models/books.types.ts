/** What a book card shows (docs/product.md#what-a-card-shows, #rules): shared by the books model and the library components. */

export interface BookView {
  id: string;
  title: string;
  subtitle: string | null;
  authors: string[];
  pageCount: number | null;
  saleability: "FREE" | "FOR_SALE" | "OTHER";
  thumbnail: string;
  /** FREE books: the PDF (download link or ACS token link), http(s) only. */
  pdfLink: string | null;
  /** FREE books without a PDF: where to read them online. */
  readLink: string | null;
  /** Others: the retail price for the page's language, and where to buy. */
  price: string | null;
  buyLink: string | null;
  description: string | null;
}
