import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { z } from "zod";
import type {
  CataloguePathsTable,
  CoursesTable,
  CourseVideoListsTable,
  Database,
  LessonsTable,
  QuizQuestionsTable,
} from "~/lib/db.server";
import { DEFAULT_COVER, DEFAULT_FREE_SAMPLES } from "./catalogue-admin.schema";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { optionColumns } from "./quiz-options";
import { freeLessonCount } from "./free-samples";
import {
  CATALOGUE_URLS,
  CORRECTED_SPELLING,
  HOME_CATALOGUE_SLUG,
  normalizeCataloguePath,
  QUIZ_FOLLOW_UP,
  TAX_LIST_SLUG,
  VIDEO_LIST_URLS,
} from "./catalogue.urls";
import { courseContent, quizContent, videoContent } from "./content.server";
import {
  bilingual,
  courseCard,
  quiz as quizSchema,
  videoList,
  type Bilingual,
  type CourseCard,
  type VideoList,
} from "./content.schema";

/**
 * The seed: content/*.ts loaded once into an empty catalogue (at start, after the migrations, and
 * for every test database). "Empty" means no catalogue_state row with seeded_at: after the seed the
 * catalogue belongs to the admin area, and content/ is never read again for it.
 */

/** The list each catalogue card shows: the one its Join URL shows, with the exceptions below. */
const LIST_OF_CARD: Record<string, string> = {
  // The home page's tax course is the Tax Authority's explainers (shown on /about).
  "tax-refund": "tax",
  // docs/product.md#routes keeps the Node card's quirk of joining /courses/mern/express, but its curriculum is
  // the Node.js list, not Express's.
  "mern-nodejs": "nodejs",
};

/** content/videos.ts marks its placeholder YouTube ids with this prefix: not playable videos. */
export function isPlaceholderYoutubeId(id: string): boolean {
  return id.startsWith("SAMPLE");
}

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
  /** A file under public/images/catalogues/. */
  cover: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|webp)$/),
  description: bilingual,
  cards: z.array(courseCard),
});

const HOME_TITLE: Bilingual = { en: "Home page courses", he: "הקורסים בדף הבית" };
const HOME_DESCRIPTION: Bilingual = {
  en: "The sample courses shown on the home page.",
  he: "הקורסים לדוגמה שמוצגים בדף הבית.",
};

function chunks<T>(rows: T[], size = 100): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/**
 * Loads content/ into the catalogue tables when they were never seeded; true when it did. Safe with
 * several processes starting at once: the first statement of the transaction claims the state row
 * (a row lock on PostgreSQL, the write lock on SQLite), so the others wait, then find it seeded.
 */
export async function seedCatalogue(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  // Parse first: a mistake in content/ stops the start with its place, before anything is written.
  const lists = parse(z.array(videoList), videoContent.videoLists, "videos.ts videoLists");
  const tax = parse(videoList, videoContent.taxExplainers, "videos.ts taxExplainers");
  const catalogues = parse(z.array(catalogueSchema), courseContent.catalogues, "courses.ts catalogues");
  const popular = parse(z.array(courseCard), courseContent.popularCourses, "courses.ts popularCourses");
  const quizzes = parse(z.array(quizSchema), quizContent, "quizzes.ts");
  const stamp = now.toISOString();

  await db
    .insertInto("catalogue_state")
    .values({ id: 1, version: 0, seeded_at: null })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();

  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable("catalogue_state")
      .set({ seeded_at: stamp })
      .where("id", "=", 1)
      .where("seeded_at", "is", null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return false;

    const timestamps = { created_at: stamp, updated_at: stamp };

    // Video lists and their lessons.
    const listIds = new Map<string, string>();
    const lessonRows: Insertable<LessonsTable>[] = [];
    const allLists: [string, VideoList][] = [
      ...lists.map((l) => [l.key, l] as [string, VideoList]),
      [TAX_LIST_SLUG, tax],
    ];
    for (const [slug, list] of allLists) {
      const id = randomUUID();
      listIds.set(slug, id);
      await trx
        .insertInto("video_lists")
        .values({
          id,
          slug,
          title_en: list.title.en,
          title_he: list.title.he,
          description_en: list.description.en,
          description_he: list.description.he,
          // The first three lessons, or all but the last of a shorter list: free samples never cover
          // a whole list (a one-lesson list has none), so the builder has nothing to warn about.
          free_samples: freeLessonCount({ freeSamples: DEFAULT_FREE_SAMPLES, allFree: false, lessons: list.videos }),
          // The seed's lessons have placeholder videos: listed as "Coming soon" rather than left out, so
          // the lists keep the lengths docs/product.md#pages gives them (issue 31, D-H2). The teacher
          // can hide them in the course builder.
          coming_soon: 1,
          published: 1,
          ...timestamps,
        })
        .execute();
      list.videos.forEach((video, position) => {
        const source = video.source;
        lessonRows.push({
          id: randomUUID(),
          list_id: id,
          slug: video.key,
          position,
          title_en: video.title.en,
          title_he: video.title.he,
          description_en: video.description.en,
          description_he: video.description.he,
          duration: video.duration,
          youtube_id: source.kind === "youtube" && !isPlaceholderYoutubeId(source.videoId) ? source.videoId : null,
          video_file: source.kind === "mp4" ? source.file : null,
          published: 1,
          ...timestamps,
        });
      });
    }
    for (const rows of chunks(lessonRows)) await trx.insertInto("lessons").values(rows).execute();

    // The URLs of catalogues and lists (docs/product.md#routes); the corrected spelling is an alias.
    const catalogueIds = new Map<string, string>();
    const courseRows: Insertable<CoursesTable>[] = [];
    const links: Insertable<CourseVideoListsTable>[] = [];
    const addCourse = (catalogueId: string, card: CourseCard, position: number, joinTarget: string | null) => {
      const id = randomUUID();
      courseRows.push({
        id,
        catalogue_id: catalogueId,
        slug: card.key,
        position,
        title_en: card.title.en,
        title_he: card.title.he,
        teacher_en: card.teacher.en,
        teacher_he: card.teacher.he,
        summary_en: card.summary.en,
        summary_he: card.summary.he,
        duration: card.duration,
        students: card.students,
        price_cents: Math.round(card.price * 100),
        rating_tenths: Math.round(card.rating * 10),
        reviews: card.reviews,
        cover: `/images/courses/${card.cover}`,
        // Read More: the course's own page.
        read_more: null,
        join_target: joinTarget,
        published: 1,
        ...timestamps,
      });
      const listSlug = LIST_OF_CARD[card.key] ?? (VIDEO_LIST_URLS as Record<string, string>)[card.join] ?? undefined;
      const listId = listSlug ? listIds.get(listSlug) : undefined;
      if (listId) links.push({ course_id: id, list_id: listId, position: 0 });
    };

    const allCatalogues = [
      // The home page's cards have no card of their own on /courses: the plain cover stands in.
      { key: HOME_CATALOGUE_SLUG, title: HOME_TITLE, description: HOME_DESCRIPTION, cards: popular, cover: null },
      ...catalogues,
    ];
    for (const [position, catalogue] of allCatalogues.entries()) {
      const id = randomUUID();
      catalogueIds.set(catalogue.key, id);
      await trx
        .insertInto("catalogues")
        .values({
          id,
          slug: catalogue.key,
          position,
          title_en: catalogue.title.en,
          title_he: catalogue.title.he,
          description_en: catalogue.description.en,
          description_he: catalogue.description.he,
          cover: catalogue.cover ? `/images/catalogues/${catalogue.cover}` : DEFAULT_COVER,
          published: 1,
          ...timestamps,
        })
        .execute();
      const home = catalogue.key === HOME_CATALOGUE_SLUG;
      // The home cards join /order for their course; the catalogue cards keep their list URLs.
      catalogue.cards.forEach((card, i) => addCourse(id, card, i, home ? null : card.join));
    }
    for (const rows of chunks(courseRows)) await trx.insertInto("courses").values(rows).execute();
    if (links.length > 0) await trx.insertInto("course_video_lists").values(links).execute();

    const paths: Insertable<CataloguePathsTable>[] = [
      ...Object.entries(CATALOGUE_URLS).map(([path, key]) => ({
        path,
        kind: "catalogue" as const,
        id: catalogueIds.get(key)!,
      })),
      ...Object.entries(VIDEO_LIST_URLS).map(([path, key]) => ({ path, kind: "list" as const, id: listIds.get(key)! })),
    ].map(({ path, kind, id }) => ({
      path: normalizeCataloguePath(path),
      kind,
      target_id: id,
      in_sitemap: normalizeCataloguePath(path).startsWith(CORRECTED_SPELLING) ? 0 : 1,
    }));
    await trx.insertInto("catalogue_paths").values(paths).execute();

    // Quizzes: the answer is the 1-based position of the right option.
    const questionRows: Insertable<QuizQuestionsTable>[] = [];
    for (const [position, quiz] of quizzes.entries()) {
      const id = randomUUID();
      await trx
        .insertInto("quizzes")
        .values({
          id,
          slug: quiz.key,
          position,
          title_en: quiz.title.en,
          title_he: quiz.title.he,
          description_en: quiz.description.en,
          description_he: quiz.description.he,
          follow_up: QUIZ_FOLLOW_UP[quiz.key],
          // The list its "Watch Now" leads to asks for it (none for Full Stack, which leads to a catalogue).
          list_id: listIds.get((VIDEO_LIST_URLS as Record<string, string>)[QUIZ_FOLLOW_UP[quiz.key]] ?? "") ?? null,
          published: 1,
          ...timestamps,
        })
        .execute();
      quiz.questions.forEach((q, i) => {
        questionRows.push({
          id: randomUUID(),
          quiz_id: id,
          position: i,
          question: q.question,
          code: q.code ?? null,
          ...optionColumns(q.options, q.he?.options),
          answer: q.options.indexOf(q.answer) + 1,
          question_he: q.he?.question ?? null,
          explanation_en: q.explanation?.en ?? null,
          explanation_he: q.explanation?.he ?? null,
          ...timestamps,
        });
      });
    }
    for (const rows of chunks(questionRows)) await trx.insertInto("quiz_questions").values(rows).execute();

    await bumpCatalogueVersion(trx);
    return true;
  });
}
