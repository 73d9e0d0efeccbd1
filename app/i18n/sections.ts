import type { Translation } from "./en";

/**
 * The strings a page sends to the browser, by section (the top-level keys of en.ts and he.ts):
 * the frame's sections on every page, and those each route names in its `handle`. A visitor's page
 * then carries a few kilobytes of strings in its HTML instead of the whole dictionary in a script
 * (issue 16: at most 125 kB of JavaScript per page; decision 0020). A key whose section a page did
 * not ask for shows as the key itself and is reported (translator.ts): tests find it.
 */
export type Section = keyof Translation;

/** Some sections of one language's strings. */
export type Strings = Partial<Translation>;

/** What a route module exports to ask for its sections: `export const handle = { strings: [...] }`. */
export interface StringsHandle {
  strings?: readonly Section[];
}

/** Every page: navigation, footer, banners, breadcrumbs and the error pages the root may show. */
export const FRAME_SECTIONS = [
  "site",
  "a11y",
  "nav",
  "footer",
  "breadcrumb",
  "demo",
  "newsletter",
  "notFound",
  "forbidden",
  "badRequest",
  "error",
] as const satisfies readonly Section[];

/** The sections of a page: the frame's and those of every matched route, in a stable order. */
export function sectionsOf(matches: readonly { handle?: unknown }[]): Section[] {
  const sections = new Set<Section>(FRAME_SECTIONS);
  for (const match of matches) {
    const wanted = (match.handle as StringsHandle | undefined)?.strings;
    if (wanted) for (const section of wanted) sections.add(section);
  }
  return [...sections].sort();
}

/** These sections of a language's strings (those it has), in the order given. */
export function pickSections(strings: Strings, sections: readonly Section[]): Strings {
  const picked: Record<string, unknown> = {};
  for (const section of sections) if (strings[section] !== undefined) picked[section] = strings[section];
  return picked as Strings;
}
