import { z } from "zod";

/**
 * A Google Books volume (docs/product.md#what-a-card-shows), as far as Lomda reads it. Everything from the upstream is
 * untrusted: each item is checked with this schema and an item that does not fit is left out.
 */
const price = z.object({ amount: z.number().nonnegative().max(100_000), currencyCode: z.string().regex(/^[A-Z]{3}$/) });
const link = z.string().max(2048);
const format = z.object({
  isAvailable: z.boolean().optional(),
  downloadLink: link.optional(),
  acsTokenLink: link.optional(),
});

export const volumeSchema = z.object({
  id: z.string().min(1).max(64),
  volumeInfo: z.object({
    title: z.string().min(1).max(500),
    subtitle: z.string().max(500).optional(),
    authors: z.array(z.string().max(200)).max(50).optional(),
    publisher: z.string().max(300).optional(),
    publishedDate: z.string().max(40).optional(),
    description: z.string().max(20_000).optional(),
    industryIdentifiers: z
      .array(z.object({ type: z.string().max(40), identifier: z.string().max(40) }))
      .max(10)
      .optional(),
    pageCount: z.number().int().nonnegative().max(100_000).optional(),
    categories: z.array(z.string().max(200)).max(20).optional(),
    averageRating: z.number().min(0).max(5).optional(),
    ratingsCount: z.number().int().nonnegative().optional(),
    imageLinks: z.object({ smallThumbnail: link.optional(), thumbnail: link.optional() }).optional(),
    language: z.string().max(20).optional(),
  }),
  saleInfo: z
    .object({
      saleability: z.string().max(40),
      listPrice: price.optional(),
      retailPrice: price.optional(),
      buyLink: link.optional(),
    })
    .optional(),
  accessInfo: z
    .object({
      viewability: z.string().max(40).optional(),
      epub: format.optional(),
      pdf: format.optional(),
      webReaderLink: link.optional(),
    })
    .optional(),
});
export type Volume = z.infer<typeof volumeSchema>;
export type VolumeInput = z.input<typeof volumeSchema>;

export const searchResponseSchema = z.object({
  totalItems: z.number().int().nonnegative().optional(),
  items: z.array(z.unknown()).max(100).optional(),
});
