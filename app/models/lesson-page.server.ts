import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import { canWatch, isFreeSample, VISITOR, type Viewer } from "./access.server";
import {
  catalogueOfList,
  findList,
  listUrl,
  publicLessons,
  viewComingSoon,
  viewVideo,
  type CatalogueEntry,
  type CatalogueSnapshot,
  type LessonEntry,
  type ListEntry,
} from "./catalogue.server";
import { lessonUrl } from "./catalogue.urls";
import type { VideoView } from "./catalogue.types";
import type { LessonLink, LessonPageRow, LessonPageView } from "./lesson-page.types";
import { notesOn } from "./lesson-notes.server";
import { lessonLength, progressIn, resumeAt, tally } from "./progress.server";

/**
 * A lesson's own page (issue 32): the lesson as this viewer may have it, the list around it (the
 * curriculum, previous and next), and the learner's own progress and notes. Who may play what is
 * decided here by the list's rule, as on the list page: a locked lesson reaches the browser with its
 * title, description and length, never a video id, a file, captions or resources.
 */

/** A published lesson found by its page's address: its list, and its place there. */
export interface LessonPlace {
  list: ListEntry;
  lesson: LessonEntry;
  /** Its place among the list's lessons with a video (what the access rule counts); null: "Coming soon". */
  index: number | null;
}

/** The lesson at /lesson/<list>/<lesson> (any letter case), if its list shows it. */
export function findLessonPlace(snapshot: CatalogueSnapshot, listSlug: string, lessonSlug: string) {
  const list = findList(snapshot, listSlug.toLowerCase());
  if (!list) return undefined;
  const wanted = lessonSlug.toLowerCase();
  const found = publicLessons(list).find(({ lesson }) => lesson.slug === wanted);
  return found ? ({ list, ...found } satisfies LessonPlace) : undefined;
}

/** The lesson's page as this viewer gets it. */
export async function lessonPage(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  locale: Locale,
  place: LessonPlace,
  /** The catalogue whose trail the page shows (the list's first, unless the page was reached from another). */
  catalogue: CatalogueEntry | undefined = catalogueOfList(snapshot, place.list, ""),
): Promise<LessonPageView> {
  const { list } = place;
  const lessons = publicLessons(list);
  const progress = viewer.user
    ? await progressIn(
        db,
        viewer.user.id,
        list.lessons.map((lesson) => lesson.id),
      )
    : undefined;
  const playable = place.index !== null && canWatch(viewer, list, place.index);
  // Notes only where the learner may watch: a locked lesson gives nothing of theirs away either.
  const notes =
    viewer.user && playable ? ((await notesOn(db, viewer.user.id, [place.lesson.id])).get(place.lesson.id) ?? []) : [];
  const base: VideoView = {
    ...(place.index === null
      ? viewComingSoon(place.lesson, locale)
      : viewVideo(place.lesson, place.index, list, viewer, locale)),
    page: lessonUrl(list.slug, place.lesson.slug),
  };
  const mine = progress?.get(place.lesson.id);
  const video: VideoView =
    progress && playable
      ? {
          ...base,
          progress: {
            lesson: place.lesson.id,
            watched: mine?.watched ?? false,
            marked: mine?.marked ?? false,
            resumeAt: resumeAt(mine),
            notes: notes.map((note) => ({
              id: note.id,
              position: note.position,
              body: note.body,
              updatedAt: note.updatedAt,
            })),
          },
        }
      : base;

  const curriculum: LessonPageRow[] = lessons.map(({ lesson, index }) => {
    const state = index === null ? "soon" : canWatch(viewer, list, index) ? "playable" : "locked";
    return {
      key: lesson.slug,
      title: lesson.title[locale],
      duration: index === null ? null : lesson.duration,
      state,
      freeSample: index !== null && isFreeSample(viewer, list, index),
      href: lessonUrl(list.slug, lesson.slug),
      current: lesson.id === place.lesson.id,
      ...(progress?.get(lesson.id)?.watched ? { watched: true } : {}),
      ...(progress?.get(lesson.id)?.marked ? { marked: true } : {}),
    };
  });
  // Previous and next skip "Coming soon" lessons: there is nothing to go on to there yet.
  const here = lessons.findIndex(({ lesson }) => lesson.id === place.lesson.id);
  const linkTo = (row: LessonPageRow | undefined): LessonLink | null =>
    row ? { title: row.title, href: row.href!, playable: row.state === "playable" } : null;
  const previous = linkTo(curriculum.slice(0, here).findLast((row) => row.state !== "soon"));
  const next = linkTo(curriculum.slice(here + 1).find((row) => row.state !== "soon"));
  const watched = new Set([...(progress ?? [])].filter(([, p]) => p.watched).map(([id]) => id));
  const catalogueHref = catalogue?.paths[0];
  return {
    video,
    n: here + 1,
    of: lessons.length,
    list: { key: list.slug, title: list.title[locale], href: listUrl(list, catalogue) },
    catalogue: catalogue && catalogueHref ? { title: catalogue.title[locale], href: catalogueHref } : null,
    curriculum,
    previous,
    next,
    tally: progress ? tally(list.lessons, watched) : null,
  };
}

/** "PT12M34S" from a lesson's length, as schema.org wants durations (ISO 8601). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/**
 * What a search engine is told of a lesson with a video: a schema.org VideoObject that is also a
 * LearningResource, part of its list. It describes the lesson as a visitor has it, whoever asks: one
 * that is not a free preview says it is not free and names no video address. A "Coming soon" lesson
 * gets none (there is no video to describe).
 */
export function lessonStructuredData(
  place: LessonPlace,
  view: LessonPageView,
  publicUrl: string,
  locale: Locale,
): Record<string, unknown> | null {
  if (place.index === null) return null;
  const { lesson, list } = place;
  const free = canWatch(VISITOR, list, place.index);
  const address = (path: string) => `${publicUrl}${path}${locale === "he" ? "?lng=he" : ""}`;
  // An exercise (issue 34) is no video: a LearningResource of its own kind, in its list.
  if (lesson.exercise)
    return {
      "@context": "https://schema.org",
      "@type": "LearningResource",
      name: lesson.title[locale],
      description: lesson.description[locale] || lesson.title[locale],
      url: address(lessonUrl(list.slug, lesson.slug)),
      inLanguage: locale,
      learningResourceType: "exercise",
      isAccessibleForFree: free,
      ...(view.list.href
        ? { isPartOf: { "@type": "LearningResource", name: view.list.title, url: address(view.list.href) } }
        : {}),
      position: view.n,
    };
  const player = free ? viewVideo(lesson, place.index, list, VISITOR, locale).player : null;
  const seconds = lessonLength(lesson);
  return {
    "@context": "https://schema.org",
    "@type": ["VideoObject", "LearningResource"],
    name: lesson.title[locale],
    description: lesson.description[locale] || lesson.title[locale],
    url: address(lessonUrl(list.slug, lesson.slug)),
    thumbnailUrl: `${publicUrl}${view.video.thumb}`,
    ...(lesson.createdAt ? { uploadDate: new Date(lesson.createdAt).toISOString() } : {}),
    ...(seconds ? { duration: isoDuration(seconds) } : {}),
    inLanguage: locale,
    learningResourceType: "video lesson",
    isAccessibleForFree: free,
    ...(player?.kind === "youtube" ? { embedUrl: `https://www.youtube-nocookie.com/embed/${player.videoId}` } : {}),
    ...(player?.kind === "mp4" ? { contentUrl: `${publicUrl}${player.src}` } : {}),
    ...(view.list.href
      ? { isPartOf: { "@type": "LearningResource", name: view.list.title, url: address(view.list.href) } }
      : {}),
    position: view.n,
  };
}
