import { createHmac } from "node:crypto";
import { z } from "zod";
import { courseContent, videoContent } from "./content.server";
import { canWatch, FREE_SAMPLE_COUNT, type Viewer } from "./access.server";
import type { VideoView } from "./catalogue.types";
import { CATALOGUE_URLS, VIDEO_LIST_URLS, type CatalogueKey, type ListKey } from "./catalogue.urls";
import {
  bilingual,
  courseCard,
  person,
  testimonial,
  videoItem,
  videoList,
  type VideoItem,
  type VideoList,
} from "./content.schema";
import type { Locale } from "~/i18n/locale";

/**
 * The catalogue: everything in content/, validated once when this module loads (at start), behind
 * small functions so a database-backed catalogue can replace it later without touching routes.
 */

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `content/${where} is invalid:\n${result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  return result.data;
}

const catalogueSchema = z.object({
  key: z.enum(["mern", "fullstack", "programming"]),
  title: bilingual,
  description: bilingual,
  cards: z.array(courseCard),
});
const teamSchema = z.object({ key: z.string(), title: bilingual, members: z.array(person).min(1) });

const lists = parse(z.array(videoList), videoContent.videoLists, "videos.ts videoLists");
const taxExplainers = parse(videoList, videoContent.taxExplainers, "videos.ts taxExplainers");
const aboutVideo = parse(videoItem, videoContent.aboutVideo, "videos.ts aboutVideo");
const catalogues = parse(z.array(catalogueSchema), courseContent.catalogues, "courses.ts catalogues");
const popular = parse(z.array(courseCard).length(2), courseContent.popularCourses, "courses.ts popularCourses");
const instructors = parse(z.array(person).length(4), courseContent.instructors, "courses.ts instructors");
const team = parse(z.array(teamSchema).length(2), courseContent.team, "courses.ts team");
const testimonials = parse(z.array(testimonial).length(4), courseContent.testimonials, "courses.ts testimonials");
const subscription = parse(
  z.object({ priceMonthly: z.number().positive(), priceYearly: z.number().positive(), currency: z.literal("USD") }),
  courseContent.subscription,
  "courses.ts subscription",
);

function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, "").toLowerCase() || "/";
}
const listByPath = new Map<string, ListKey>(
  Object.entries(VIDEO_LIST_URLS).map(([path, key]) => [normalizePath(path), key]),
);
const catalogueByPath = new Map<string, CatalogueKey>(
  Object.entries(CATALOGUE_URLS).map(([path, key]) => [normalizePath(path), key]),
);

export function listKeyForPath(pathname: string): ListKey | undefined {
  return listByPath.get(normalizePath(pathname));
}

export function catalogueKeyForPath(pathname: string) {
  return catalogueByPath.get(normalizePath(pathname));
}

export function getVideoList(key: string): VideoList | undefined {
  return lists.find((list) => list.key === key);
}

export function allVideoLists(): readonly VideoList[] {
  return lists;
}

export function getCatalogue(key: "mern" | "fullstack" | "programming") {
  return catalogues.find((c) => c.key === key)!;
}

export const getPopularCourses = () => popular;
export const getInstructors = () => instructors;
export const getTeam = () => team;
export const getTestimonials = () => testimonials;
export const getTaxExplainers = () => taxExplainers;
export const getAboutVideo = () => aboutVideo;
export const getSubscriptionPrice = () => subscription;

export function allCourseCards() {
  return [...popular, ...catalogues.flatMap((c) => c.cards)];
}

/* ---------- What a viewer gets of a video (decided here, on the server) ---------- */

let thumbSecret = "lomda-thumbnails";
const thumbKeys = new Map<string, string>();

function thumbKeyFor(videoId: string): string {
  return createHmac("sha256", thumbSecret).update(`thumb:${videoId}`).digest("base64url").slice(0, 22);
}

/**
 * Called at start with the cookie secret: thumbnail keys are keyed hashes, so they cannot be turned
 * back into video ids by anyone without the secret.
 */
export function initThumbnailKeys(secret: string): void {
  thumbSecret = secret;
  thumbKeys.clear();
  for (const list of [...lists, taxExplainers]) {
    for (const video of list.videos)
      if (video.source.kind === "youtube") thumbKeys.set(thumbKeyFor(video.source.videoId), video.source.videoId);
  }
}
initThumbnailKeys(thumbSecret);

/** The YouTube id behind an opaque thumbnail key. */
export function videoIdForThumbKey(key: string): string | undefined {
  return thumbKeys.get(key);
}

export function viewVideo(
  video: VideoItem,
  index: number,
  viewer: Viewer,
  locale: Locale,
  alwaysOpen = false,
): VideoView {
  const allowed = alwaysOpen || canWatch(viewer, index);
  const source = video.source;
  const thumb = source.kind === "youtube" ? `/thumb/${thumbKeyFor(source.videoId)}` : "/images/video-poster.svg";
  return {
    key: video.key,
    title: video.title[locale],
    description: video.description[locale],
    duration: video.duration,
    thumb,
    player: allowed
      ? source.kind === "youtube"
        ? { kind: "youtube", videoId: source.videoId }
        : { kind: "mp4", src: `/video/${source.file}` }
      : null,
    freeSample:
      !alwaysOpen && !viewer.hasSubscription && !viewer.isAdmin && viewer.isAuthenticated && index < FREE_SAMPLE_COUNT,
  };
}

/**
 * May this viewer fetch /video/<file>? The same rule as the lists: the file's position in the
 * list that holds it. The about-us video is open to everyone.
 */
export function canFetchVideoFile(file: string, viewer: Viewer): boolean | undefined {
  if (aboutVideo.source.kind === "mp4" && aboutVideo.source.file === file) return true;
  let known = false;
  for (const list of lists) {
    for (const [index, video] of list.videos.entries()) {
      if (video.source.kind === "mp4" && video.source.file === file) {
        known = true;
        if (canWatch(viewer, index)) return true;
      }
    }
  }
  return known ? false : undefined;
}
