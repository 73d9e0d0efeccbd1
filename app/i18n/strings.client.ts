import type { Locale } from "./locale";
import { pickSections, type Section, type Strings } from "./sections";
import { STRINGS_ELEMENT_ID, type StringsPayload } from "./translations";
import type { StringsSource } from "./use-translation";

/**
 * The browser's source of strings: the sections the page arrived with (written into it by
 * <Translations> on the server), and those fetched from /api/strings when a client-side
 * navigation reaches a route that needs more. A section that cannot be fetched (offline) is given
 * up after one retry: its keys then show as they are, and the missing-string report names them.
 */
export function clientStringsSource(locale: Locale): StringsSource & { replace(all: Strings): void } {
  const element = document.getElementById(STRINGS_ELEMENT_ID);
  const payload = JSON.parse(element?.textContent || '{"v":"","s":{}}') as StringsPayload;
  const strings: Record<string, unknown> = { ...payload.s };
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let revision = 0;
  const changed = () => {
    revision += 1;
    for (const listener of listeners) listener();
  };

  async function fetchSections(sections: readonly Section[]): Promise<Strings> {
    const query = new URLSearchParams({ lng: locale, s: sections.join(","), v: payload.v });
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`/api/strings?${query}`, { headers: { accept: "application/json" } });
        if (!response.ok) throw new Error(`/api/strings answered ${response.status}`);
        return ((await response.json()) as StringsPayload).s;
      } catch (error) {
        if (attempt >= 1) {
          console.error("The page's strings could not be fetched", error);
          return Object.fromEntries(sections.map((section) => [section, {}])) as Strings;
        }
      }
    }
  }

  return {
    locale,
    version: payload.v,
    has: (section) => section in strings,
    pick: (sections) => pickSections(strings as Strings, sections),
    load(sections) {
      const key = sections.join(",");
      let running = loading.get(key);
      if (!running) {
        running = fetchSections(sections).then((fetched) => {
          Object.assign(strings, fetched);
          for (const section of sections) strings[section] ??= {};
          changed();
        });
        loading.set(key, running);
      }
      return running;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    revision: () => revision,
    /** `npm run dev`: an edited dictionary replaces every section. */
    replace(all) {
      for (const section of Object.keys(strings)) delete strings[section];
      Object.assign(strings, all);
      loading.clear();
      changed();
    },
  };
}
