import type { Kysely, Selectable } from "kysely";
import type {
  CataloguePathsTable,
  CataloguesTable,
  CoursesTable,
  Database,
  LessonsTable,
  QuizzesTable,
  VideoListsTable,
} from "~/lib/db.server";
import { readCatalogueVersion } from "./catalogue-version.server";

/**
 * The catalogue as the admin area sees it: every row, published or not, straight from the
 * database (never the pages' in-memory copy, which holds published items only).
 */

export type AdminCourse = Selectable<CoursesTable> & { listIds: string[] };
export type AdminCatalogue = Selectable<CataloguesTable> & {
  courses: AdminCourse[];
  /** Its URLs, those in the sitemap first (none for the home page's cards). */
  paths: Selectable<CataloguePathsTable>[];
};
export type AdminList = Selectable<VideoListsTable> & {
  lessons: Selectable<LessonsTable>[];
  /** Its URLs, those in the sitemap first. */
  paths: Selectable<CataloguePathsTable>[];
};
export type AdminQuiz = Selectable<QuizzesTable> & { questionCount: number };

export interface AdminCatalogueTree {
  version: number;
  /** By position; each with its courses by position. */
  catalogues: AdminCatalogue[];
  /** By slug; each with its lessons by position. */
  lists: AdminList[];
  /** By position. */
  quizzes: AdminQuiz[];
  /** Courses whose catalogue no longer exists (none unless a write went wrong). */
  orphanCourses: AdminCourse[];
}

export async function loadCatalogueForAdmin(db: Kysely<Database>): Promise<AdminCatalogueTree> {
  const version = await readCatalogueVersion(db);
  const catalogues = await db.selectFrom("catalogues").selectAll().orderBy("position").orderBy("slug").execute();
  const courses = await db.selectFrom("courses").selectAll().orderBy("position").orderBy("slug").execute();
  const links = await db.selectFrom("course_video_lists").selectAll().orderBy("position").orderBy("list_id").execute();
  const lists = await db.selectFrom("video_lists").selectAll().orderBy("slug").execute();
  const lessons = await db.selectFrom("lessons").selectAll().orderBy("position").orderBy("slug").execute();
  const paths = await db
    .selectFrom("catalogue_paths")
    .selectAll()
    .orderBy("in_sitemap", "desc")
    .orderBy("path")
    .execute();
  const quizzes = await db.selectFrom("quizzes").selectAll().orderBy("position").orderBy("slug").execute();
  const counts = await db
    .selectFrom("quiz_questions")
    .select(["quiz_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("quiz_id")
    .execute();

  const adminCourses = courses.map((course) => ({
    ...course,
    listIds: links.filter((l) => l.course_id === course.id).map((l) => l.list_id),
  }));
  const catalogueIds = new Set(catalogues.map((c) => c.id));
  return {
    version,
    catalogues: catalogues.map((catalogue) => ({
      ...catalogue,
      courses: adminCourses.filter((c) => c.catalogue_id === catalogue.id),
      paths: paths.filter((p) => p.kind === "catalogue" && p.target_id === catalogue.id),
    })),
    lists: lists.map((list) => ({
      ...list,
      lessons: lessons.filter((l) => l.list_id === list.id),
      paths: paths.filter((p) => p.kind === "list" && p.target_id === list.id),
    })),
    quizzes: quizzes.map((quiz) => ({
      ...quiz,
      questionCount: Number(counts.find((c) => c.quiz_id === quiz.id)?.n ?? 0),
    })),
    orphanCourses: adminCourses.filter((c) => !catalogueIds.has(c.catalogue_id)),
  };
}

/** Published lessons with neither a YouTube id nor a video file: what the learners see as "Video coming soon". */
export async function countLessonsWithoutVideo(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("lessons")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("published", "=", 1)
    .where("youtube_id", "is", null)
    .where("video_file", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
