import { use, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useMatches } from "react-router";
import { sectionsOf, type Section, type Strings } from "./sections";
import { createTranslator } from "./translator";
import { TranslatorContext, useStringsSource } from "./use-translation";

/** The element that carries a page's strings to the browser (strings.client.ts reads it). */
export const STRINGS_ELEMENT_ID = "lomda-strings";

/** What the element holds: the dictionaries' version and the page's sections. */
export interface StringsPayload {
  v: string;
  s: Strings;
}

/** JSON safe inside <script>: no "</script>", "<!--" or line separators can end or confuse it. */
export function serializeStrings(payload: StringsPayload): string {
  return JSON.stringify(payload).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The translator and the serialized strings of a set of picked sections, made once per set: the
 * server's source hands out the same object for the same sections, so a page rendered again reuses
 * both (a translator holds Intl plural rules and its formatted strings; issue 16's per-request cost).
 */
const made = new WeakMap<Strings, { translator: ReturnType<typeof createTranslator>; payload: string }>();

function madeFor(locale: Parameters<typeof createTranslator>[0], version: string, strings: Strings) {
  let entry = made.get(strings);
  if (!entry) {
    entry = {
      translator: createTranslator(locale, strings, reportMissing),
      payload: serializeStrings({ v: version, s: strings }),
    };
    made.set(strings, entry);
  }
  return entry;
}

function reportMissing(key: string) {
  console.error(
    `No string "${key}" on this page: add its section to the route's handle.strings (app/i18n/sections.ts)`,
  );
}

/**
 * Gives the page's components a translator over the sections the matched routes ask for, and writes
 * those sections into the page for the browser. After a client-side navigation to a route that
 * needs more, it waits (suspends) until they are fetched; the navigation runs in a transition, so
 * the previous page stays on screen meanwhile.
 */
export function Translations({ children }: { children: ReactNode }) {
  const source = useStringsSource();
  const revision = useSyncExternalStore(source.subscribe, source.revision, source.revision);
  const key = sectionsOf(useMatches()).join(",");
  const sections = useMemo(() => key.split(",") as Section[], [key]);
  // Made again when the page's sections change or the source gains strings (`revision`).
  const { translator, payload } = useMemo(() => {
    void revision;
    return madeFor(source.locale, source.version, source.pick(sections));
  }, [source, sections, revision]);
  const missing = sections.filter((section) => !source.has(section));
  if (missing.length > 0) use(source.load(missing));
  return (
    <TranslatorContext value={translator}>
      {children}
      <script type="application/json" id={STRINGS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: payload }} />
    </TranslatorContext>
  );
}
