import { Fragment } from "react";
import type { Locale } from "~/i18n/locale";
import { hasHebrew, looksLikeCode, splitInlineCode } from "~/lib/inline-code";

const TRAILING_PUNCTUATION = /^[.,;:?!)\]]+/;

/**
 * A quiz text (question, option, explanation) in its language: Hebrew reads right-to-left, and
 * the code inside it (between backticks) is a left-to-right `<code dir="ltr">`, an isolate, so
 * `hashCode()` keeps its brackets and the sentence's punctuation stays where Hebrew puts it. Text
 * with no Hebrew letter ("3 3.0") is left-to-right on any page.
 */
export function QuizText({ text, lang, className }: { text: string; lang: Locale; className?: string }) {
  const rtl = lang === "he" && hasHebrew(text);
  const segments = splitInlineCode(text);
  return (
    <span lang={rtl ? "he" : "en"} dir={rtl ? "rtl" : "ltr"} className={className}>
      {segments.map((segment, i) => {
        if (!segment.code) {
          // Punctuation right after code was already placed with it (below).
          return segments[i - 1]?.code ? segment.text.replace(TRAILING_PUNCTUATION, "") : segment.text;
        }
        const code = (
          <code dir="ltr" className="rounded bg-ink-100 px-1 font-mono text-[0.9em] break-words">
            {segment.text}
          </code>
        );
        // The sentence's "." or "?" after the code stays on the code's line.
        const punctuation = segments[i + 1]?.text.match(TRAILING_PUNCTUATION)?.[0];
        return punctuation ? (
          <span key={i} className="whitespace-nowrap">
            {code}
            {punctuation}
          </span>
        ) : (
          <Fragment key={i}>{code}</Fragment>
        );
      })}
    </span>
  );
}

/** An answer: code answers whole in the code font, prose answers in the text font. */
export function QuizOption({ text, lang }: { text: string; lang: Locale }) {
  if (looksLikeCode(text))
    return (
      <code dir="ltr" lang="en" className="min-w-0 font-mono text-base break-words">
        {text}
      </code>
    );
  return <QuizText text={text} lang={lang} />;
}

/** The code shown with a question: always left-to-right, scrolling inside its box. */
export function QuizCode({ code, className = "" }: { code: string; className?: string }) {
  return (
    <pre
      dir="ltr"
      lang="en"
      // Long lines scroll inside the box: a keyboard must reach it to scroll it.
      tabIndex={0}
      className={`w-full max-w-full min-w-0 overflow-x-auto rounded-lg bg-ink-900 p-4 text-start text-sm text-ink-50 ${className}`}
      data-testid="question-code"
    >
      <code>{code}</code>
    </pre>
  );
}
