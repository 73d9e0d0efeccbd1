/**
 * The business's own details, shown in the footer and on the contact page. The owner edits them here.
 */
export const site = {
  phone: "+972 3-555-0142",
  email: "hello@lomda.co.il",
  address: { en: "12 Rothschild Blvd, Tel Aviv, Israel", he: "שדרות רוטשילד 12, תל אביב" },
  social: [] as { label: string; href: string }[],
} as const;
