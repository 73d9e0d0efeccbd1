import { useNonce } from "./nonce";

/** JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped, so no text can close the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** Structured data for search engines (schema.org), with the page's nonce (the CSP names it). */
export function JsonLd({ data, testId }: { data: unknown; testId?: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
