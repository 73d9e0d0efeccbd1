/**
 * Quiz text marks code with backticks (`hashCode()`), as Markdown does: those spans are shown in
 * the code font and kept left-to-right inside Hebrew sentences. A lone backtick stays as typed.
 */
export interface TextSegment {
  text: string;
  code: boolean;
}

export function splitInlineCode(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (segment: TextSegment) => {
    const last = segments.at(-1);
    if (last && !last.code && !segment.code) last.text += segment.text;
    else if (segment.text) segments.push(segment);
  };
  let rest = text;
  for (;;) {
    const open = rest.indexOf("`");
    const close = open === -1 ? -1 : rest.indexOf("`", open + 1);
    if (close === -1) {
      push({ text: rest, code: false });
      return segments;
    }
    push({ text: rest.slice(0, open), code: false });
    const code = rest.slice(open + 1, close);
    push(code.trim() ? { text: code, code: true } : { text: rest.slice(open, close + 1), code: false });
    rest = rest.slice(close + 1);
  }
}

const HEBREW = /[\u0590-\u05FF]/;

/** Text without a Hebrew letter ("3 3.0", "A D C B") reads left-to-right even on a Hebrew page. */
export function hasHebrew(text: string): boolean {
  return HEBREW.test(text);
}

/**
 * A whole answer that is code (`hashCode()`, `DELETE /users/42`, `[20, 40]`), shown in the code
 * font, left-to-right: no Hebrew and no backticks (those are sentences with code inside), and
 * either code's brackets, quotes and operators, or one word with no space that is not part of a
 * sentence. A run of three words is a sentence, even with a ";" or "(…)" in it.
 */
export function looksLikeCode(text: string): boolean {
  if (HEBREW.test(text) || text.includes("`")) return false;
  if (/[{}[\]"=<>/]/.test(text)) return true;
  if (/[A-Za-z]{2,},? [A-Za-z]{2,},? [A-Za-z]{2,}/.test(text)) return false;
  return !/\s/.test(text);
}
