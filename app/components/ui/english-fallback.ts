import { useTranslation } from "~/i18n/use-translation";

const HEBREW_LETTER = /[\u05D0-\u05EA]/;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * On a Hebrew page, a text with Latin letters and not one Hebrew letter is English: a field the
 * school has not translated yet falls back to its English text. Marked as English and laid out left
 * to right, "Learn testing." keeps its full stop at the end instead of the start. Hebrew text that
 * merely begins with a Latin word ("React בעברית") keeps the page's direction. The data attribute
 * lets the stylesheet (app.css) align such a block with the Hebrew column's start, its right edge.
 */
export function englishFallback(text: string | null | undefined, locale: string) {
  return locale === "he" && text && LATIN_LETTER.test(text) && !HEBREW_LETTER.test(text)
    ? ({ lang: "en", dir: "ltr", "data-english-fallback": "" } as const)
    : undefined;
}

/** `englishFallback` for the page's language: `<p {...fallback(text)}>{text}</p>`. */
export function useEnglishFallback() {
  const { i18n } = useTranslation();
  return (text: string | null | undefined) => englishFallback(text, i18n.language);
}
