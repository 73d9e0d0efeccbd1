import { json } from "~/lib/http";
import { isLocale } from "~/i18n/locale";
import { STRINGS_VERSION, translationFor } from "~/i18n/resources.server";
import { pickSections, type Section } from "~/i18n/sections";
import type { Route } from "./+types/api-strings";

/** Any name of a section, with room to spare; more is not a request a page makes. */
const MAX_SECTIONS = 60;

/**
 * GET /api/strings?lng=he&s=video,quiz&v=<version>: sections of a language's strings, for a page
 * whose client-side navigation reached a route that needs sections it did not arrive with
 * (app/i18n/strings.client.ts). The same for everyone: asked for with the current version, the
 * browser keeps it for good; with another (a page from before a deployment), it must ask again.
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const lng = search.get("lng");
  const wanted = (search.get("s") ?? "").split(",");
  if (!isLocale(lng)) return json({ error: "invalid_language" }, 400);
  const dictionary = translationFor(lng);
  if (wanted.length > MAX_SECTIONS || !wanted.every((section) => Object.hasOwn(dictionary, section)))
    return json({ error: "invalid_sections" }, 400);
  const current = search.get("v") === STRINGS_VERSION;
  return json({ v: STRINGS_VERSION, s: pickSections(dictionary, wanted as Section[]) }, 200, {
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  });
}
