import { formatPrice } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import type { Viewer } from "./access.server";
import type {
  CourseCardView,
  CoursePageView,
  CurriculumListView,
  PersonView,
  TestimonialView,
} from "./catalogue.types";
import {
  catalogueOfCourse,
  listsOfCourse,
  listUrl,
  quizOfCourse,
  viewList,
  type CatalogueSnapshot,
  type CourseEntry,
} from "./catalogue.server";
import { courseUrl, lessonUrl, orderUrl, quizUrl } from "./catalogue.urls";
import { getInstructors, getTeam, getTestimonials } from "./site-content.server";

/**
 * Whether courses can be bought online now: a payment provider is configured (`paymentsConfigured`,
 * the process's) and the owner's switch is on. Otherwise no card offers a price to pay (D-M5).
 */
export function sellsOnline(snapshot: CatalogueSnapshot, paymentsConfigured: boolean): boolean {
  return paymentsConfigured && snapshot.checkoutOn;
}

/**
 * A course's card; with `progress`, the learner's lessons finished of the course's. `online`: whether
 * courses can be bought online now (`sellsOnline`); without it the card says "Subscription only".
 */
export function cardView(
  course: CourseEntry,
  locale: Locale,
  online: boolean,
  progress?: { done: number; total: number },
): CourseCardView {
  return {
    ...(progress && progress.total > 0 ? { progress } : {}),
    key: course.slug,
    title: course.title[locale],
    teacher: course.teacher[locale],
    duration: course.duration,
    students: course.students,
    // A price only where it can be paid: otherwise the card says "Subscription only" (D-M5).
    price: course.soldSeparately && online ? formatPrice(course.priceCents / 100, locale, course.currency) : "",
    soldSeparately: course.soldSeparately && online,
    rating: course.ratingTenths / 10,
    reviews: course.reviews,
    cover: course.cover,
    readMore: course.readMore ?? courseUrl(course.slug),
    join: course.joinTarget ?? orderUrl(course.slug),
    summary: course.summary[locale],
  };
}

/** A course's page: its card, where it sits, its lists as a curriculum with this viewer's lock states, its quiz. */
export function coursePageView(
  snapshot: CatalogueSnapshot,
  course: CourseEntry,
  viewer: Viewer,
  locale: Locale,
  /** The signed-in learner's progress: lessons watched and lessons marked; none for a visitor. */
  progress?: { watched: ReadonlySet<string>; marked: ReadonlySet<string> },
  /** Whether courses can be bought online now (`sellsOnline`): the price, or "Subscription only". */
  online = true,
): CoursePageView {
  const catalogue = catalogueOfCourse(snapshot, course);
  const lists: CurriculumListView[] = listsOfCourse(snapshot, course).map((list) => {
    const href = listUrl(list, catalogue);
    return {
      key: list.slug,
      title: list.title[locale],
      description: list.description[locale],
      href,
      freeSamples: list.freeSamples,
      allFree: list.allFree,
      lessons: viewList(list, viewer, locale).map(({ lesson, video }) => {
        return {
          key: lesson.slug,
          title: video.title,
          duration: video.duration,
          state: !video.player ? "locked" : video.player.kind === "soon" ? "soon" : "playable",
          freeSample: video.freeSample,
          href: lessonUrl(list.slug, lesson.slug),
          ...(progress?.watched.has(lesson.id) ? { watched: true } : {}),
          ...(progress?.marked.has(lesson.id) ? { marked: true } : {}),
        };
      }),
    };
  });
  const quiz = quizOfCourse(snapshot, course);
  // Only lessons with a video count as lessons (D-H2); "Coming soon" ones are counted apart.
  const lessonCount = lists.reduce((sum, list) => sum + list.lessons.filter((l) => l.state !== "soon").length, 0);
  const soonCount = lists.reduce((sum, list) => sum + list.lessons.filter((l) => l.state === "soon").length, 0);
  return {
    ...(progress && lessonCount > 0
      ? { progress: { done: lists.flatMap((l) => l.lessons).filter((l) => l.watched).length, total: lessonCount } }
      : {}),
    // The course's own page always leads Join Now to its order page (how to get it), whatever its
    // card's target: a list page would only show the locked lessons again (D-M5).
    card: { ...cardView(course, locale, online), join: orderUrl(course.slug) },
    catalogue: catalogue ? { title: catalogue.title[locale], href: catalogue.paths[0] ?? null } : null,
    lists,
    lessonCount,
    soonCount,
    quiz: quiz ? { title: quiz.title[locale], href: quizUrl(quiz.slug), questionCount: quiz.questions.length } : null,
  };
}

export function instructorsView(locale: Locale): PersonView[] {
  return getInstructors().map((p) => ({
    key: p.key,
    name: p.name[locale],
    role: p.role[locale],
    photo: p.photo,
    bio: p.bio?.[locale] ?? null,
  }));
}

export function teamView(locale: Locale) {
  return getTeam().map((section) => ({
    key: section.key,
    title: section.title[locale],
    members: section.members.map((p) => ({
      key: p.key,
      name: p.name[locale],
      role: p.role[locale],
      photo: p.photo,
      bio: p.bio?.[locale] ?? null,
    })),
  }));
}

export function testimonialsView(locale: Locale): TestimonialView[] {
  return getTestimonials().map((t) => ({
    key: t.key,
    name: t.name[locale],
    profession: t.profession[locale],
    quote: t.quote[locale],
    photo: t.photo,
  }));
}
