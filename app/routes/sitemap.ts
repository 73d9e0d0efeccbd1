import { getCatalogue, requestContext } from "~/context.server";
import { sitemapCataloguePaths, sitemapLessonPaths } from "~/models/catalogue.server";
import { courseUrl, QUIZ_LIST_URL } from "~/models/catalogue.urls";
import type { Route } from "./+types/sitemap";

const PAGES = [
  "/",
  "/about",
  "/courses",
  "/team",
  "/testimonial",
  "/contact",
  "/register",
  "/Payments",
  QUIZ_LIST_URL,
  "/library",
  "/feedback",
  "/terms",
  "/privacy",
  "/accessibility",
];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every public page in both languages (English at the plain path, Hebrew at ?lng=he), each with the hreflang alternates the pages carry. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(requestContext);
  const catalogue = getCatalogue(context);
  // The catalogue's own URLs (one per page: aliases are left out), every course's page, and the pages
  // of the lessons with a video.
  const courses = catalogue.catalogues.flatMap((c) => c.courses.map((course) => courseUrl(course.slug)));
  const paths = [...PAGES, ...sitemapCataloguePaths(catalogue), ...courses, ...sitemapLessonPaths(catalogue)];
  const urls = paths.map((path) => {
    const en = escapeXml(`${config.PUBLIC_URL}${path}`);
    const he = escapeXml(`${config.PUBLIC_URL}${path}?lng=he`);
    const alternates = `<xhtml:link rel="alternate" hreflang="en" href="${en}"/><xhtml:link rel="alternate" hreflang="he" href="${he}"/><xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
    return `<url><loc>${en}</loc>${alternates}</url><url><loc>${he}</loc>${alternates}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
