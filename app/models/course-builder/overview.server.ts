import { toCatalogue } from "./catalogue.server";
import { lessonCounts, lessonsWithoutCaptions } from "./lesson.server";
import { pathsOf, type AdminText, type Db } from "./write.server";

/** /admin/courses at a glance: the whole catalogue as the builder sees it, unpublished included. */

/**
 * Whether learners can see a list: "published" (its box is ticked and, when course cards hold it, a
 * published card in a published catalogue is among them), "draftsOnly" (ticked, but only draft cards,
 * or cards in draft catalogues, hold it: not public — catalogue.server.ts, D-M8) or "unpublished".
 */
export type ListStatus = "published" | "draftsOnly" | "unpublished";

export interface OverviewList extends AdminText {
  id: string;
  slug: string;
  /** The list's own "Published" box. */
  published: boolean;
  status: ListStatus;
  lessons: number;
  missingVideos: number;
  paths: string[];
  courses: number;
}

/** /admin/courses: catalogues → course cards → their video lists; every list; quizzes; lessons without a video. */
export async function loadCourseBuilderOverview(db: Db) {
  const catalogues = await db.selectFrom("catalogues").selectAll().orderBy("position").execute();
  const courses = await db
    .selectFrom("courses")
    .select(["id", "catalogue_id", "slug", "title_en", "title_he", "published"])
    .orderBy("position")
    .execute();
  const lists = await db.selectFrom("video_lists").selectAll().orderBy("title_en").execute();
  const memberships = await db
    .selectFrom("course_video_lists")
    .select(["course_id", "list_id"])
    .orderBy("position")
    .execute();
  const counts = await lessonCounts(db);
  const quizzes = await db
    .selectFrom("quizzes")
    .leftJoin("quiz_questions", "quiz_questions.quiz_id", "quizzes.id")
    .select([
      "quizzes.id",
      "quizzes.slug",
      "quizzes.title_en",
      "quizzes.title_he",
      "quizzes.published",
      (eb) => eb.fn.count<number | string>("quiz_questions.id").as("questions"),
    ])
    .groupBy([
      "quizzes.id",
      "quizzes.slug",
      "quizzes.title_en",
      "quizzes.title_he",
      "quizzes.published",
      "quizzes.position",
    ])
    .orderBy("quizzes.position")
    .execute();
  const cataloguePaths = await pathsOf(
    db,
    "catalogue",
    catalogues.map((c) => c.id),
  );
  const listPaths = await pathsOf(
    db,
    "list",
    lists.map((l) => l.id),
  );

  // The cards a learner can reach: published, in a published catalogue (the public catalogue's rule).
  const publishedCatalogues = new Set(catalogues.filter((c) => c.published === 1).map((c) => c.id));
  const publicCards = new Set(
    courses.filter((c) => c.published === 1 && publishedCatalogues.has(c.catalogue_id)).map((c) => c.id),
  );
  const statusOf = (list: (typeof lists)[number]): ListStatus => {
    if (list.published !== 1) return "unpublished";
    const holders = memberships.filter((m) => m.list_id === list.id);
    return holders.length === 0 || holders.some((m) => publicCards.has(m.course_id)) ? "published" : "draftsOnly";
  };
  const overviewList = (list: (typeof lists)[number]): OverviewList => ({
    id: list.id,
    slug: list.slug,
    titleEn: list.title_en,
    titleHe: list.title_he,
    published: list.published === 1,
    status: statusOf(list),
    lessons: counts.get(list.id)?.total ?? 0,
    missingVideos: counts.get(list.id)?.missing ?? 0,
    paths: listPaths.get(list.id) ?? [],
    courses: memberships.filter((m) => m.list_id === list.id).length,
  });
  const listById = new Map(lists.map((l) => [l.id, overviewList(l)]));
  return {
    catalogues: catalogues.map((catalogue) => ({
      ...toCatalogue(catalogue, cataloguePaths.get(catalogue.id) ?? []),
      courses: courses
        .filter((c) => c.catalogue_id === catalogue.id)
        .map((course) => ({
          id: course.id,
          slug: course.slug,
          titleEn: course.title_en,
          titleHe: course.title_he,
          published: course.published === 1,
          lists: memberships
            .filter((m) => m.course_id === course.id)
            .map((m) => listById.get(m.list_id))
            .filter((l): l is OverviewList => l !== undefined),
        })),
    })),
    lists: [...listById.values()],
    quizzes: quizzes.map((q) => ({
      id: q.id,
      slug: q.slug,
      titleEn: q.title_en,
      titleHe: q.title_he,
      published: q.published === 1,
      questions: Number(q.questions),
    })),
    missingVideos: [...counts.values()].reduce((sum, c) => sum + c.missing, 0),
    missingLengths: [...counts.values()].reduce((sum, c) => sum + c.unmeasured, 0),
    missingCaptions: await lessonsWithoutCaptions(db),
  };
}
