import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT } from "../../../server/body-limit.ts";
import { createTestDb, DIALECTS, type TestDb } from "../../../tests/setup/databases.ts";
import * as make from "../../../tests/support/factories.ts";
import {
  ADMIN_FORM_MAX_CHARS,
  amountToCents,
  centsToAmount,
  isSitePath,
  parseAdminForm,
  ratingToTenths,
  readAdminForm,
} from "../catalogue-admin.schema";
import { readCatalogueVersion } from "../catalogue-version.server";
import {
  catalogueForPage,
  loadCatalogueSnapshot,
  resolveCataloguePath,
  sitemapCataloguePaths,
} from "../catalogue.server";
import {
  createCatalogue,
  deleteCatalogue,
  getCatalogueForAdmin,
  moveCatalogue,
  setCatalogueCover,
  updateCatalogue,
} from "./catalogue.server";
import {
  createCourse,
  deleteCourse,
  getCourseForAdmin,
  moveCourse,
  moveListInCourse,
  setCourseCover,
  updateCourse,
} from "./course.server";
import {
  createLesson,
  deleteLesson,
  getLessonForAdmin,
  moveLesson,
  setLessonVideoFile,
  updateLesson,
} from "./lesson.server";
import { createVideoList, deleteVideoList, getListForAdmin, updateVideoList } from "./list.server";
import { loadCourseBuilderOverview } from "./overview.server";
import { createQuestion, deleteQuestion, getQuestionForAdmin, moveQuestion, updateQuestion } from "./question.server";
import { createQuiz, deleteQuiz, getQuizForAdmin, moveQuiz, updateQuiz } from "./quiz.server";

const lessonInput = (youtube: string) => ({ slug: "a-lesson", titleEn: "A lesson", youtube, duration: "12:34" });
const question = {
  question: "What does JSX compile to?",
  option1: "HTML",
  option2: "React.createElement calls",
  option3: "CSS",
  option4: "JSON",
  answer: "2",
};

describe("the course builder's schemas", () => {
  it("reads any usual YouTube link to the 11-character id, and refuses what is not one", () => {
    const id = "dQw4w9WgXcQ";
    for (const link of [
      id,
      ` ${id} `,
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?feature=share&v=${id}&t=42s`,
      `http://youtube.com/watch?v=${id}`,
      `https://m.youtube.com/watch?v=${id}`,
      `www.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc&t=10`,
      `youtu.be/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}`,
    ]) {
      const parsed = parseAdminForm("lesson", lessonInput(link));
      expect(parsed.ok && parsed.data.youtube, link).toBe(id);
    }
    const empty = parseAdminForm("lesson", lessonInput(""));
    expect(empty.ok && empty.data.youtube).toBeNull();
    for (const link of [
      "dQw4w9WgXc", // 10 characters
      "dQw4w9WgXcQQ",
      "https://vimeo.com/12345678",
      `https://evil.example/watch?v=${id}`,
      `https://youtube.com.evil.example/watch?v=${id}`,
      `javascript:alert('${id}')`,
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/channel/UCabcdefghijk",
      "not a link at all",
    ]) {
      expect(parseAdminForm("lesson", lessonInput(link)), link).toEqual({
        ok: false,
        errors: { youtube: "courseAdmin.errors.youtube" },
      });
    }
  });

  it("takes prices as typed (any currency) and ratings with one decimal, exactly", () => {
    expect(amountToCents("49.99")).toBe(4999);
    expect(amountToCents("0.29")).toBe(29);
    expect(amountToCents("389")).toBe(38900);
    expect(amountToCents("1.5")).toBe(150);
    for (const bad of ["49.999", "-1", "abc", "1e3", "", "$5", "1,000", " "])
      expect(amountToCents(bad), bad).toBeNull();
    // And back, as a form and the accountant's CSV show it (a coupon's line is negative).
    expect([centsToAmount(12900), centsToAmount(1250), centsToAmount(5), centsToAmount(-2580)]).toEqual([
      "129.00",
      "12.50",
      "0.05",
      "-25.80",
    ]);
    expect(ratingToTenths("4.5")).toBe(45);
    expect(ratingToTenths("5")).toBe(50);
    expect(ratingToTenths("0")).toBe(0);
    for (const bad of ["5.5", "4.55", "6", "-1", "four"]) expect(ratingToTenths(bad), bad).toBeNull();
  });

  it("allows only paths of this site as link targets", () => {
    for (const good of ["/courses/react", "/order?course=react", "/test/react#top", "/"])
      expect(isSitePath(good)).toBe(true);
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "courses/react",
      "/courses/react\n",
      "/a b",
      "/\u0000",
    ])
      expect(isSitePath(bad), JSON.stringify(bad)).toBe(false);
  });

  it("keeps the quiz rules: two to six distinct options in order, one of them the answer, a question of 5+ characters", () => {
    expect(parseAdminForm("question", question)).toMatchObject({ ok: true, data: { answer: 2, code: null } });
    expect(parseAdminForm("question", { ...question, answer: "7" })).toEqual({
      ok: false,
      errors: { answer: "courseAdmin.errors.answer" },
    });
    // The answer names an option that is not there (D-M10: four options are no longer a given).
    expect(parseAdminForm("question", { ...question, answer: "5" })).toEqual({
      ok: false,
      errors: { answer: "courseAdmin.errors.answerNotGiven" },
    });
    expect(parseAdminForm("question", { ...question, answer: undefined })).toEqual({
      ok: false,
      errors: { answer: "courseAdmin.errors.answer" },
    });
    expect(parseAdminForm("question", { ...question, option4: " HTML " })).toEqual({
      ok: false,
      errors: { option4: "courseAdmin.errors.optionDuplicate" },
    });
    expect(parseAdminForm("question", { ...question, question: "Why" })).toEqual({
      ok: false,
      errors: { question: "courseAdmin.errors.questionTooShort" },
    });
    expect(parseAdminForm("question", { ...question, option2: "  " })).toEqual({
      ok: false,
      errors: { option2: "courseAdmin.errors.required" },
    });
    // A gap: option 3 empty while option 4 is filled.
    expect(parseAdminForm("question", { ...question, option3: "  " })).toEqual({
      ok: false,
      errors: { option3: "courseAdmin.errors.optionGap" },
    });
  });

  it("takes a true-or-false question of two options, and one of six (D-M10)", () => {
    const trueOrFalse = { question: "JSX runs in the browser as it is written.", option1: "True", option2: "False" };
    expect(parseAdminForm("question", { ...trueOrFalse, answer: "2" })).toMatchObject({
      ok: true,
      data: { option1: "True", option2: "False", option3: null, option4: null, option5: null, option6: null },
    });
    expect(parseAdminForm("question", { ...trueOrFalse, answer: "3" })).toEqual({
      ok: false,
      errors: { answer: "courseAdmin.errors.answerNotGiven" },
    });
    expect(parseAdminForm("question", { ...question, option5: "XML", option6: "YAML", answer: "6" })).toMatchObject({
      ok: true,
      data: { option5: "XML", option6: "YAML", answer: 6 },
    });
    // A Hebrew option translates an English one: none where there is no English option.
    expect(parseAdminForm("question", { ...question, option5He: "XML" })).toEqual({
      ok: false,
      errors: { option5He: "courseAdmin.errors.optionHeWithoutEnglish" },
    });
  });

  it("takes the Hebrew question, options and both explanations as optional, under the same rules", () => {
    expect(parseAdminForm("question", question)).toMatchObject({
      ok: true,
      data: { questionHe: null, option1He: null, explanationEn: null, explanationHe: null },
    });
    const hebrew = {
      ...question,
      questionHe: "למה מתהדר `JSX`?",
      option1He: "HTML",
      option2He: "קריאות ל־`React.createElement`",
      option3He: " ",
      explanationEn: "JSX is syntax for `React.createElement` calls.",
      explanationHe: "‏JSX הוא תחביר לקריאות `React.createElement`.",
    };
    expect(parseAdminForm("question", hebrew)).toMatchObject({
      ok: true,
      data: { questionHe: "למה מתהדר `JSX`?", option2He: "קריאות ל־`React.createElement`", option3He: null },
    });
    expect(parseAdminForm("question", { ...hebrew, questionHe: "למה" })).toEqual({
      ok: false,
      errors: { questionHe: "courseAdmin.errors.questionTooShort" },
    });
    expect(parseAdminForm("question", { ...hebrew, option4He: " HTML " })).toEqual({
      ok: false,
      errors: { option4He: "courseAdmin.errors.optionDuplicate" },
    });
    expect(parseAdminForm("question", { ...hebrew, explanationHe: "א".repeat(301) })).toEqual({
      ok: false,
      errors: { explanationHe: "courseAdmin.errors.tooLong" },
    });
  });

  it("reads only the form's own fields from FormData, and several values of a checkbox group", () => {
    const form = new FormData();
    form.append("intent", "save");
    form.append("slug", "x");
    form.append("courses", "a");
    form.append("courses", "b");
    form.append("__proto__", "polluted");
    expect(readAdminForm("list", form)).toEqual({ slug: "x", courses: ["a", "b"] });
  });

  it("keeps every builder form within the form body limit, in any script", () => {
    for (const [form, chars] of Object.entries(ADMIN_FORM_MAX_CHARS))
      expect(chars * 12 + 2048, form).toBeLessThanOrEqual(FORM_BODY_LIMIT);
  });
});

/** A course card's fields as the builder's form sends them, valid, with a new slug. */
const courseFields = (overrides: Record<string, string> = {}) => ({
  slug: make.uniqueId("course"),
  titleEn: "Course",
  teacherEn: "T",
  summaryEn: "S",
  duration: "1",
  students: "0",
  price: "0",
  rating: "0",
  reviews: "0",
  ...overrides,
});

describe.each(DIALECTS)("the course builder's write model on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  /** Runs a write and says how much the catalogue version moved. */
  async function bumps<T>(work: () => Promise<T>): Promise<{ result: T; by: number }> {
    const before = await readCatalogueVersion(t.db);
    const result = await work();
    return { result, by: (await readCatalogueVersion(t.db)) - before };
  }

  /** Every catalogue table's rows, to show that a refused write stored nothing. */
  async function snapshot() {
    const tables = [
      "catalogues",
      "courses",
      "video_lists",
      "course_video_lists",
      "lessons",
      "catalogue_paths",
      "quizzes",
      "quiz_questions",
    ] as const;
    const all: Record<string, unknown[]> = {};
    for (const table of tables) all[table] = await t.db.selectFrom(table).selectAll().execute();
    all.version = [await readCatalogueVersion(t.db)];
    return all;
  }

  it("bumps the catalogue version once for every write", async () => {
    const catalogue = await bumps(() => createCatalogue(t.db, { slug: make.uniqueId("c"), titleEn: "C" }));
    expect(catalogue.by).toBe(1);
    const catalogueId = (catalogue.result as { id: string }).id;
    const course = await bumps(() =>
      createCourse(t.db, catalogueId, {
        slug: make.uniqueId("course"),
        titleEn: "Course",
        teacherEn: "T",
        summaryEn: "S",
        duration: "1",
        students: "0",
        price: "0",
        rating: "0",
        reviews: "0",
      }),
    );
    expect(course.by).toBe(1);
    const courseId = (course.result as { id: string }).id;
    await make.createCourse(t.db, { catalogueId });
    const list = await bumps(() =>
      createVideoList(t.db, { slug: make.uniqueId("l"), titleEn: "L", freeSamples: "3", courses: [courseId] }),
    );
    expect(list.by).toBe(1);
    const listId = (list.result as { id: string }).id;
    const quizId = await make.createQuiz(t.db);
    const questionId = await make.createQuestion(t.db, quizId);
    await make.createQuestion(t.db, quizId);
    await make.createQuiz(t.db);
    const lessonId = await make.createLesson(t.db, listId);
    await make.createLesson(t.db, listId);
    const secondCatalogue = await make.createCatalogue(t.db);

    const writes: [string, () => Promise<unknown>][] = [
      ["update catalogue", () => updateCatalogue(t.db, catalogueId, { titleEn: "C2" })],
      ["move catalogue", () => moveCatalogue(t.db, secondCatalogue, "up")],
      [
        "update course",
        () =>
          updateCourse(t.db, courseId, {
            slug: make.uniqueId("course"),
            titleEn: "Course 2",
            teacherEn: "T",
            summaryEn: "S",
            duration: "2",
            students: "1",
            price: "1",
            rating: "1",
            reviews: "1",
          }),
      ],
      ["move course", () => moveCourse(t.db, courseId, "down")],
      ["cover", () => setCourseCover(t.db, courseId, "/media/covers/x.png")],
      ["catalogue cover", () => setCatalogueCover(t.db, catalogueId, "/media/covers/c.png")],
      ["update list", () => updateVideoList(t.db, listId, { titleEn: "L2", freeSamples: "5", courses: [] })],
      ["update lesson", () => updateLesson(t.db, lessonId, { slug: "renamed", titleEn: "Renamed", youtube: "" })],
      ["move lesson", () => moveLesson(t.db, lessonId, "down")],
      ["video file", () => setLessonVideoFile(t.db, lessonId, "abc.mp4", 61)],
      ["update quiz", () => updateQuiz(t.db, quizId, { slug: make.uniqueId("quiz"), titleEn: "Q2" })],
      ["update question", () => updateQuestion(t.db, questionId, { ...question, answer: "3" })],
      ["move question", () => moveQuestion(t.db, questionId, "down")],
      ["move quiz", () => moveQuiz(t.db, quizId, "down")],
      ["delete question", () => deleteQuestion(t.db, questionId)],
      ["delete lesson", () => deleteLesson(t.db, lessonId)],
      ["delete quiz", () => deleteQuiz(t.db, quizId)],
      ["delete course", () => deleteCourse(t.db, courseId)],
      ["delete list", () => deleteVideoList(t.db, listId)],
      ["delete catalogue", () => deleteCatalogue(t.db, catalogueId)],
    ];
    for (const [name, write] of writes) {
      const { result, by } = await bumps(write);
      expect(result, name).not.toBeNull();
      expect(result, name).not.toMatchObject({ ok: false });
      expect(by, name).toBe(1);
    }
  });

  it("refuses bad input with field errors and stores nothing, without bumping the version", async () => {
    const catalogueSlug = make.uniqueId("cat");
    const catalogueId = await make.createCatalogue(t.db, { slug: catalogueSlug });
    const courseSlug = make.uniqueId("course");
    await make.createCourse(t.db, { catalogueId, slug: courseSlug });
    const listSlug = make.uniqueId("list");
    const listId = await make.createVideoList(t.db, { slug: listSlug });
    await make.createLesson(t.db, listId, { slug: "intro" });
    const quizSlug = make.uniqueId("quiz");
    const quizId = await make.createQuiz(t.db, { slug: quizSlug });
    await t.db
      .insertInto("catalogue_paths")
      .values({ path: "/courses/taken", kind: "catalogue", target_id: "elsewhere", in_sitemap: 1 })
      .execute();
    const course = {
      slug: make.uniqueId("course"),
      titleEn: "Course",
      teacherEn: "T",
      summaryEn: "S",
      duration: "9.50",
      students: "1",
      price: "49.99",
      rating: "4.5",
      reviews: "2",
    };
    const before = await snapshot();

    const cases: [string, () => Promise<unknown>, Record<string, string>][] = [
      [
        "duplicate catalogue slug",
        () => createCatalogue(t.db, { slug: catalogueSlug, titleEn: "C" }),
        { slug: "courseAdmin.errors.slugTaken" },
      ],
      [
        "catalogue at a used address",
        () => createCatalogue(t.db, { slug: "taken", titleEn: "C" }),
        { slug: "courseAdmin.errors.pathTaken" },
      ],
      [
        "list at a used address",
        () => createVideoList(t.db, { slug: "taken", titleEn: "L", freeSamples: "3" }),
        { slug: "courseAdmin.errors.pathTaken" },
      ],
      [
        "duplicate list slug",
        () => createVideoList(t.db, { slug: listSlug, titleEn: "L", freeSamples: "3" }),
        { slug: "courseAdmin.errors.slugTaken" },
      ],
      [
        "upper-case slug",
        () => createVideoList(t.db, { slug: "React", titleEn: "L", freeSamples: "3" }),
        { slug: "courseAdmin.errors.slug" },
      ],
      [
        "slug with a slash",
        () => createVideoList(t.db, { slug: "a/b", titleEn: "L", freeSamples: "3" }),
        { slug: "courseAdmin.errors.slug" },
      ],
      [
        "free samples out of range",
        () => createVideoList(t.db, { slug: make.uniqueId("l"), titleEn: "L", freeSamples: "51" }),
        { freeSamples: "courseAdmin.errors.freeSamples" },
      ],
      [
        "membership of a course that does not exist",
        () =>
          createVideoList(t.db, {
            slug: make.uniqueId("l"),
            titleEn: "L",
            freeSamples: "3",
            courses: ["no-such-course"],
          }),
        { courses: "courseAdmin.errors.courses" },
      ],
      [
        "duplicate course slug",
        () => createCourse(t.db, catalogueId, { ...course, slug: courseSlug }),
        { slug: "courseAdmin.errors.slugTaken" },
      ],
      [
        "price with three decimals",
        () => createCourse(t.db, catalogueId, { ...course, price: "49.999" }),
        { price: "courseAdmin.errors.price" },
      ],
      [
        "negative price",
        () => createCourse(t.db, catalogueId, { ...course, price: "-5" }),
        { price: "courseAdmin.errors.price" },
      ],
      [
        "rating over 5",
        () => createCourse(t.db, catalogueId, { ...course, rating: "5.5" }),
        { rating: "courseAdmin.errors.rating" },
      ],
      [
        "protocol-relative link",
        () => createCourse(t.db, catalogueId, { ...course, readMore: "//evil.example" }),
        { readMore: "courseAdmin.errors.path" },
      ],
      [
        "link to another site",
        () => createCourse(t.db, catalogueId, { ...course, join: "https://evil.example/" }),
        { join: "courseAdmin.errors.path" },
      ],
      [
        "cover not offered",
        () => createCourse(t.db, catalogueId, { ...course, cover: "/etc/passwd" }),
        { cover: "courseAdmin.errors.cover" },
      ],
      [
        "catalogue cover not offered",
        () => createCatalogue(t.db, { slug: make.uniqueId("c"), titleEn: "C", cover: "/media/covers/not-its.png" }),
        { cover: "courseAdmin.errors.cover" },
      ],
      [
        "catalogue cover not offered, on save",
        () => updateCatalogue(t.db, catalogueId, { titleEn: "C", cover: "https://evil.example/x.png" }),
        { cover: "courseAdmin.errors.cover" },
      ],
      [
        "missing English title",
        () => createCourse(t.db, catalogueId, { ...course, titleEn: "  " }),
        { titleEn: "courseAdmin.errors.required" },
      ],
      [
        "duplicate lesson slug in the list",
        () => createLesson(t.db, listId, { slug: "intro", titleEn: "Again" }),
        { slug: "courseAdmin.errors.slugTaken" },
      ],
      [
        "bad YouTube link",
        () => createLesson(t.db, listId, { slug: "other", titleEn: "L", youtube: "https://vimeo.com/1" }),
        { youtube: "courseAdmin.errors.youtube" },
      ],
      [
        "bad lesson length",
        () => createLesson(t.db, listId, { slug: "other", titleEn: "L", duration: "12:99" }),
        { duration: "courseAdmin.errors.lessonDuration" },
      ],
      [
        "a lesson length past the format (told the format, not 'too long')",
        () => createLesson(t.db, listId, { slug: "other", titleEn: "L", duration: "100:00:00" }),
        { duration: "courseAdmin.errors.lessonDuration" },
      ],
      [
        "duplicate quiz slug",
        () => createQuiz(t.db, { slug: quizSlug, titleEn: "Q" }),
        { slug: "courseAdmin.errors.slugTaken" },
      ],
      [
        "quiz follow-up off the site",
        () => createQuiz(t.db, { slug: make.uniqueId("q"), titleEn: "Q", followUp: "javascript:alert(1)" }),
        { followUp: "courseAdmin.errors.path" },
      ],
      [
        "answer not among the options",
        () => createQuestion(t.db, quizId, { ...question, answer: "0" }),
        { answer: "courseAdmin.errors.answer" },
      ],
      [
        "duplicate options",
        () => createQuestion(t.db, quizId, { ...question, option3: "HTML" }),
        { option3: "courseAdmin.errors.optionDuplicate" },
      ],
      [
        "title too long",
        () => createQuiz(t.db, { slug: make.uniqueId("q"), titleEn: "x".repeat(201) }),
        { titleEn: "courseAdmin.errors.tooLong" },
      ],
    ];
    for (const [name, write, errors] of cases) {
      const result = await write();
      expect(result, name).toEqual({ ok: false, status: 400, errors });
    }
    // An update that would take another row's slug is refused too.
    const otherCourse = await make.createCourse(t.db, { catalogueId });
    const afterOther = await snapshot();
    expect(await updateCourse(t.db, otherCourse, { ...course, slug: courseSlug })).toEqual({
      ok: false,
      status: 400,
      errors: { slug: "courseAdmin.errors.slugTaken" },
    });
    expect(await snapshot()).toEqual(afterOther);
    delete afterOther.courses;
    delete before.courses;
    delete afterOther.version;
    delete before.version;
    expect(afterOther).toEqual(before);
  });

  it("answers 404 for rows that do not exist", async () => {
    expect(await updateLesson(t.db, "nope", { slug: "a", titleEn: "A" })).toEqual({ ok: false, status: 404 });
    expect(await createLesson(t.db, "nope", { slug: "a", titleEn: "A" })).toEqual({ ok: false, status: 404 });
    expect(await moveLesson(t.db, "nope", "up")).toEqual({ ok: false, status: 404 });
    expect(await deleteQuiz(t.db, "nope")).toEqual({ ok: false, status: 404 });
    expect(await setLessonVideoFile(t.db, "nope", "x.mp4")).toBeNull();
    expect(await setCourseCover(t.db, "nope", "/media/covers/x.png")).toBeNull();
    expect(await setCatalogueCover(t.db, "nope", "/media/covers/x.png")).toBeNull();
  });

  it("gives a new video list the address /courses/<slug>, shown in the admin", async () => {
    const slug = make.uniqueId("new");
    const result = await createVideoList(t.db, { slug, titleEn: "New", freeSamples: "3" });
    expect(result).toMatchObject({ ok: true, path: `/courses/${slug}` });
    const id = (result as { id: string }).id;
    expect(await t.db.selectFrom("catalogue_paths").selectAll().where("target_id", "=", id).execute()).toEqual([
      { path: `/courses/${slug}`, kind: "list", target_id: id, in_sitemap: 1 },
    ]);
    expect((await getListForAdmin(t.db, id))?.list).toMatchObject({
      paths: [`/courses/${slug}`],
      freeSamples: 3,
      allFree: false,
    });
    const overview = await loadCourseBuilderOverview(t.db);
    expect(overview.lists.find((l) => l.id === id)?.paths).toEqual([`/courses/${slug}`]);
  });

  it('stores the teacher\'s "every lesson of this list is free" as its own choice, off unless ticked', async () => {
    const slug = make.uniqueId("free");
    const { id } = (await createVideoList(t.db, { slug, titleEn: "Free", freeSamples: "3", allFree: "on" })) as {
      id: string;
    };
    const row = () =>
      t.db
        .selectFrom("video_lists")
        .select(["free_samples", "all_free"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ free_samples: 3, all_free: 1 });
    expect((await getListForAdmin(t.db, id))?.list.allFree).toBe(true);
    expect(await updateVideoList(t.db, id, { titleEn: "Free", freeSamples: "1" })).toEqual({ ok: true, id });
    expect(await row()).toEqual({ free_samples: 1, all_free: 0 });
  });

  it("refuses to share a list between courses sold on their own at different prices, naming the other course", async () => {
    // Issue 29: owning any course opens every list it holds, so a list in a $249 and a $199 course
    // sold the $249 course's lessons for $199. Nothing is stored when the builder refuses.
    const course = (title: string, price: string, extra: Record<string, string> = {}) =>
      make.createCourse(t.db, { titleEn: title, titleHe: `${title} בעברית`, price, soldSeparately: "on", ...extra });
    const dear = await course("Dear", "249");
    const cheap = await course("Cheap", "199");
    const shekels = await course("Shekels", "249", { currency: "ILS" });
    const before = await snapshot();
    const slug = make.uniqueId("shared");
    const refused = await createVideoList(t.db, {
      slug,
      titleEn: "Shared",
      freeSamples: "3",
      courses: [dear, cheap],
    });
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        courses: {
          key: "courseAdmin.errors.sharedPrice",
          params: {
            first: { en: "Dear", he: "Dear בעברית" },
            firstPrice: { en: "$249.00", he: expect.stringContaining("249.00") },
            second: { en: "Cheap", he: "Cheap בעברית" },
            secondPrice: { en: "$199.00", he: expect.stringContaining("199.00") },
          },
        },
      },
    });
    // The same number in another currency is another price.
    expect(
      await createVideoList(t.db, { slug, titleEn: "Shared", freeSamples: "3", courses: [dear, shekels] }),
    ).toMatchObject({ ok: false, status: 400, errors: { courses: { key: "courseAdmin.errors.sharedPrice" } } });
    expect(await snapshot()).toEqual(before);

    // One list per course is fine; a course not sold on its own may share with any; equal prices may share.
    const listId = await make.createVideoList(t.db, { courses: [dear] });
    const subscriptionOnly = await make.createCourse(t.db, { titleEn: "In the subscription", price: "19" });
    const twin = await course("Twin", "249");
    const update = (courses: string[]) =>
      updateVideoList(t.db, listId, { titleEn: "Shared", freeSamples: "3", courses });
    expect(await update([dear, subscriptionOnly, twin])).toEqual({ ok: true, id: listId });
    const members = () =>
      t.db
        .selectFrom("course_video_lists")
        .select("course_id")
        .where("list_id", "=", listId)
        .orderBy("course_id")
        .execute();
    const shared = await members();
    expect(await update([dear, subscriptionOnly, twin, cheap])).toMatchObject({ ok: false, status: 400 });
    expect(await members()).toEqual(shared);

    // A course's own save may not make such a pair either: a new price, currency or "sold on its own".
    const courseFields = async (id: string) => {
      const { course: c } = (await getCourseForAdmin(t.db, id))!;
      return {
        slug: c.slug,
        titleEn: c.titleEn,
        titleHe: c.titleHe ?? "",
        teacherEn: c.teacherEn,
        summaryEn: c.summaryEn,
        duration: c.duration,
        students: String(c.students),
        price: c.price,
        currency: c.currency,
        soldSeparately: c.soldSeparately ? "on" : "",
        rating: c.rating,
        reviews: String(c.reviews),
        published: "on",
      };
    };
    const twinBefore = await t.db.selectFrom("courses").selectAll().where("id", "=", twin).executeTakeFirstOrThrow();
    expect(await updateCourse(t.db, twin, { ...(await courseFields(twin)), price: "199" })).toEqual({
      ok: false,
      status: 400,
      errors: {
        price: {
          key: "courseAdmin.errors.sharedPriceCourse",
          params: {
            list: { en: "Shared", he: "Shared" },
            course: { en: "Dear", he: "Dear בעברית" },
            price: { en: "$249.00", he: expect.stringContaining("249.00") },
          },
        },
      },
    });
    expect(await updateCourse(t.db, twin, { ...(await courseFields(twin)), currency: "ILS" })).toMatchObject({
      ok: false,
      errors: { price: { key: "courseAdmin.errors.sharedPriceCourse" } },
    });
    expect(
      await updateCourse(t.db, subscriptionOnly, {
        ...(await courseFields(subscriptionOnly)),
        soldSeparately: "on",
      }),
    ).toMatchObject({ ok: false, errors: { price: { key: "courseAdmin.errors.sharedPriceCourse" } } });
    expect(await t.db.selectFrom("courses").selectAll().where("id", "=", twin).executeTakeFirstOrThrow()).toEqual(
      twinBefore,
    );
    // Sold only in the subscription, it may cost anything; the same price again, sold on its own, is fine.
    expect(
      await updateCourse(t.db, twin, { ...(await courseFields(twin)), price: "199", soldSeparately: "" }),
    ).toMatchObject({ ok: true });
    expect(
      await updateCourse(t.db, twin, { ...(await courseFields(twin)), price: "249", soldSeparately: "on" }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("stores Hebrew as null when left empty (English fallback), prices in cents and ratings in tenths", async () => {
    const id = await make.createCourse(t.db, { price: "389", rating: "4.5", titleHe: "", summaryHe: "תקציר" });
    const row = await t.db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_cents: 38900, rating_tenths: 45, title_he: null, summary_he: "תקציר" });
    expect((await getCourseForAdmin(t.db, id))?.course).toMatchObject({ price: "389.00", rating: "4.5" });
  });

  it("stores a question's Hebrew text and explanations, empty ones as null, and reads them back", async () => {
    const quizId = await make.createQuiz(t.db);
    const result = await createQuestion(t.db, quizId, {
      ...question,
      questionHe: "למה מתהדר `JSX`?",
      option2He: "קריאות ל־`React.createElement`",
      explanationEn: "JSX is syntax for `React.createElement` calls.",
      explanationHe: "",
    });
    if (!result.ok) throw new Error("not created");
    const row = await t.db
      .selectFrom("quiz_questions")
      .selectAll()
      .where("id", "=", result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      question_he: "למה מתהדר `JSX`?",
      option_1_he: null,
      option_2_he: "קריאות ל־`React.createElement`",
      explanation_en: "JSX is syntax for `React.createElement` calls.",
      explanation_he: null,
    });
    expect((await getQuestionForAdmin(t.db, result.id))?.question).toMatchObject({
      questionHe: "למה מתהדר `JSX`?",
      optionsHe: [null, "קריאות ל־`React.createElement`", null, null],
      explanationEn: "JSX is syntax for `React.createElement` calls.",
      explanationHe: null,
    });
  });

  it("stores two options or six, and the quiz shows and grades just those (D-M10)", async () => {
    const quizId = await make.createQuiz(t.db);
    const twoOptions = await createQuestion(t.db, quizId, {
      question: "JSX runs in the browser as it is written.",
      option1: "True",
      option2: "False",
      option2He: "לא נכון",
      answer: "2",
    });
    const sixOptions = await createQuestion(t.db, quizId, {
      ...question,
      option5: "XML",
      option6: "YAML",
      answer: "6",
    });
    if (!twoOptions.ok || !sixOptions.ok) throw new Error("not created");
    const row = await t.db
      .selectFrom("quiz_questions")
      .selectAll()
      .where("id", "=", twoOptions.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ option_3: null, option_4: null, option_5: null, option_6: null, answer: 2 });
    expect((await getQuestionForAdmin(t.db, twoOptions.id))?.question).toMatchObject({
      options: ["True", "False"],
      optionsHe: [null, "לא נכון"],
    });
    // Saved again as four options, then back to two: the options left out are gone.
    await updateQuestion(t.db, twoOptions.id, { ...question });
    await updateQuestion(t.db, twoOptions.id, {
      question: row.question,
      option1: "True",
      option2: "False",
      answer: "1",
    });
    expect((await getQuestionForAdmin(t.db, twoOptions.id))?.question.options).toEqual(["True", "False"]);

    const snapshot = await loadCatalogueSnapshot(t.db, await readCatalogueVersion(t.db));
    const shown = snapshot.quizzes.find((q) => q.id === quizId)!.questions;
    expect(shown.map((q) => [q.options, q.answer, q.he.options])).toEqual([
      [["True", "False"], "True", [null, null]],
      [
        ["HTML", "React.createElement calls", "CSS", "JSON", "XML", "YAML"],
        "YAML",
        [null, null, null, null, null, null],
      ],
    ]);
  });

  it("swaps a lesson, a question, a course card and a list with their neighbours", async () => {
    const listId = await make.createVideoList(t.db);
    const lessons = [
      await make.createLesson(t.db, listId, { slug: "one" }),
      await make.createLesson(t.db, listId, { slug: "two" }),
      await make.createLesson(t.db, listId, { slug: "three" }),
    ];
    const order = async () => (await getListForAdmin(t.db, listId))!.lessons.map((l) => l.slug);
    expect(await order()).toEqual(["one", "two", "three"]);
    expect(await moveLesson(t.db, lessons[2]!, "up")).toEqual({ ok: true, moved: true });
    expect(await order()).toEqual(["one", "three", "two"]);
    expect(await moveLesson(t.db, lessons[0]!, "down")).toEqual({ ok: true, moved: true });
    expect(await order()).toEqual(["three", "one", "two"]);
    const { by } = await bumps(() => moveLesson(t.db, lessons[2]!, "up"));
    expect(by).toBe(0); // already first: nothing to change
    expect(await order()).toEqual(["three", "one", "two"]);

    const quizId = await make.createQuiz(t.db);
    const q1 = await make.createQuestion(t.db, quizId, { question: "First question?" });
    await make.createQuestion(t.db, quizId, { question: "Second question?" });
    await moveQuestion(t.db, q1, "down");
    expect((await getQuizForAdmin(t.db, quizId))!.questions.map((q) => q.question)).toEqual([
      "Second question?",
      "First question?",
    ]);

    const catalogueId = await make.createCatalogue(t.db);
    const c1 = await make.createCourse(t.db, { catalogueId, titleEn: "Card one" });
    await make.createCourse(t.db, { catalogueId, titleEn: "Card two" });
    await moveCourse(t.db, c1, "down");
    expect((await getCatalogueForAdmin(t.db, catalogueId))!.courses.map((c) => c.titleEn)).toEqual([
      "Card two",
      "Card one",
    ]);

    const l1 = await make.createVideoList(t.db, { titleEn: "List one", courses: [c1] });
    const l2 = await make.createVideoList(t.db, { titleEn: "List two", courses: [c1] });
    expect((await getCourseForAdmin(t.db, c1))!.lists.map((l) => l.id)).toEqual([l1, l2]);
    expect(await moveListInCourse(t.db, c1, l2, "up")).toEqual({ ok: true, moved: true });
    expect((await getCourseForAdmin(t.db, c1))!.lists.map((l) => l.id)).toEqual([l2, l1]);
  });

  it("deletes a list with its lessons, memberships and addresses, and names the files left unused", async () => {
    const courseId = await make.createCourse(t.db);
    const slug = make.uniqueId("gone");
    const listId = await make.createVideoList(t.db, { slug, courses: [courseId] });
    const lessonId = await make.createLesson(t.db, listId);
    await make.createLesson(t.db, listId);
    expect(await setLessonVideoFile(t.db, lessonId, "clip.mp4", 3725)).toEqual({ previous: null, files: [] });
    expect((await getLessonForAdmin(t.db, lessonId))!.lesson).toMatchObject({
      videoFile: "clip.mp4",
      duration: "1:02:05",
    });
    // Replacing an uploaded file names it as unused, unless another lesson still plays it.
    const other = await make.createLesson(t.db, await make.createVideoList(t.db));
    await setLessonVideoFile(t.db, other, "shared.mp4");
    expect(await setLessonVideoFile(t.db, other, "newer.mp4")).toEqual({
      previous: "shared.mp4",
      files: ["shared.mp4"],
    });
    await setLessonVideoFile(t.db, other, "clip.mp4");
    expect(await setLessonVideoFile(t.db, other, "again.mp4")).toEqual({ previous: "clip.mp4", files: [] });
    expect(await deleteVideoList(t.db, listId)).toEqual({ ok: true, files: ["clip.mp4"], resourceFiles: [] });
    expect(await t.db.selectFrom("lessons").select("id").where("list_id", "=", listId).execute()).toEqual([]);
    expect(
      await t.db.selectFrom("course_video_lists").select("course_id").where("list_id", "=", listId).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom("catalogue_paths").select("path").where("target_id", "=", listId).execute()).toEqual(
      [],
    );
    expect(await getListForAdmin(t.db, listId)).toBeNull();
    expect(await getCourseForAdmin(t.db, courseId)).not.toBeNull();
    // The address is free again.
    await make.createVideoList(t.db, { slug });
  });

  it("deletes a quiz with its questions, and a catalogue with its cards, their memberships and its address", async () => {
    const quizId = await make.createQuiz(t.db);
    await make.createQuestion(t.db, quizId);
    await make.createQuestion(t.db, quizId);
    expect(await deleteQuiz(t.db, quizId)).toEqual({ ok: true, files: [] });
    expect(await t.db.selectFrom("quiz_questions").select("id").where("quiz_id", "=", quizId).execute()).toEqual([]);

    const catalogueId = await make.createCatalogue(t.db);
    const courseId = await make.createCourse(t.db, { catalogueId });
    const keptCourse = await make.createCourse(t.db);
    // A bundled cover replaced: nothing to remove from the store.
    expect(await setCourseCover(t.db, courseId, "/media/covers/mine.webp")).toEqual({
      previous: "/images/courses/plain.svg",
      files: [],
    });
    await setCourseCover(t.db, keptCourse, "/media/covers/shared.webp");
    const listId = await make.createVideoList(t.db, { courses: [courseId, keptCourse] });
    expect(await deleteCatalogue(t.db, catalogueId)).toEqual({ ok: true, files: ["/media/covers/mine.webp"] });
    expect(await t.db.selectFrom("courses").select("id").where("catalogue_id", "=", catalogueId).execute()).toEqual([]);
    expect(
      await t.db.selectFrom("course_video_lists").select("course_id").where("list_id", "=", listId).execute(),
    ).toEqual([{ course_id: keptCourse }]);
    expect(
      await t.db.selectFrom("catalogue_paths").select("path").where("target_id", "=", catalogueId).execute(),
    ).toEqual([]);
    expect(await getListForAdmin(t.db, listId)).not.toBeNull();
  });

  it("names an uploaded cover left unworn when a course is saved with another, unless another course wears it", async () => {
    const catalogueId = await make.createCatalogue(t.db);
    const [first, second] = [
      await make.createCourse(t.db, { catalogueId }),
      await make.createCourse(t.db, { catalogueId }),
    ];
    const fields = (cover?: string) => courseFields(cover ? { cover } : {});
    await setCourseCover(t.db, first, "/media/covers/own.png");
    // Saved with its own cover, or none chosen: nothing to remove.
    expect(await updateCourse(t.db, first, fields("/media/covers/own.png"))).toEqual({
      ok: true,
      id: first,
      files: [],
    });
    expect(await updateCourse(t.db, first, fields())).toEqual({ ok: true, id: first, files: [] });
    // Swapped for a bundled cover: the upload is no one's now.
    expect(await updateCourse(t.db, first, fields("/images/courses/sql.svg"))).toEqual({
      ok: true,
      id: first,
      files: ["/media/covers/own.png"],
    });
    // An upload two courses wear stays while one still does.
    await setCourseCover(t.db, first, "/media/covers/shared.png");
    await setCourseCover(t.db, second, "/media/covers/shared.png");
    expect(await updateCourse(t.db, first, fields("/images/courses/plain.svg"))).toEqual({
      ok: true,
      id: first,
      files: [],
    });
  });

  it("gives a catalogue a cover of its own: the plain one at first, a bundled one chosen, or an upload; its public card wears it", async () => {
    const published = async (id: string) =>
      (await loadCatalogueSnapshot(t.db, await readCatalogueVersion(t.db))).catalogues.find((c) => c.id === id)?.cover;
    const slug = make.uniqueId("c");
    const made = await createCatalogue(t.db, { slug, titleEn: "Covered", published: "on" });
    const id = (made as { id: string }).id;
    // A new catalogue wears the plain cover, not its first course's (nor Java's, as an empty one did).
    await make.createCourse(t.db, { catalogueId: id, cover: "/images/courses/react.svg" });
    expect(await published(id)).toBe("/images/courses/plain.svg");
    expect((await getCatalogueForAdmin(t.db, id))?.catalogue.cover).toBe("/images/courses/plain.svg");

    // A bundled picture: the seeded catalogues' own, or any course cover.
    const save = (cover?: string) =>
      updateCatalogue(t.db, id, { titleEn: "Covered", published: "on", ...(cover ? { cover } : {}) });
    expect(await save("/images/catalogues/mern.svg")).toEqual({ ok: true, id, files: [] });
    expect(await published(id)).toBe("/images/catalogues/mern.svg");
    expect(await save("/images/courses/sql.svg")).toMatchObject({ ok: true });
    expect(await published(id)).toBe("/images/courses/sql.svg");

    // An upload: a change of the catalogue (its version and the row's), shown on its card.
    const version = (await getCatalogueForAdmin(t.db, id))!.version;
    const uploaded = await bumps(() => setCatalogueCover(t.db, id, "/media/covers/catalogue-own.png"));
    expect(uploaded).toEqual({ result: { previous: "/images/courses/sql.svg", files: [] }, by: 1 });
    expect((await getCatalogueForAdmin(t.db, id))!.version).toBe(version + 1);
    expect(await published(id)).toBe("/media/covers/catalogue-own.png");
    // Saved without choosing one, or with the one it wears: kept, nothing to remove.
    expect(await save()).toEqual({ ok: true, id, files: [] });
    expect(await save("/media/covers/catalogue-own.png")).toEqual({ ok: true, id, files: [] });
    expect(await published(id)).toBe("/media/covers/catalogue-own.png");
    // Swapped for a bundled one: the upload is no one's now.
    expect(await save("/images/courses/plain.svg")).toEqual({
      ok: true,
      id,
      files: ["/media/covers/catalogue-own.png"],
    });

    // An upload a course also wears stays while it does; a catalogue deleted names its own upload.
    const course = await make.createCourse(t.db);
    await setCourseCover(t.db, course, "/media/covers/both.png");
    await setCatalogueCover(t.db, id, "/media/covers/both.png");
    expect(await setCatalogueCover(t.db, id, "/media/covers/next.png")).toEqual({
      previous: "/media/covers/both.png",
      files: [],
    });
    expect(await setCourseCover(t.db, course, "/images/courses/css.svg")).toEqual({
      previous: "/media/covers/both.png",
      files: ["/media/covers/both.png"],
    });
    expect(await deleteCatalogue(t.db, id)).toEqual({ ok: true, files: ["/media/covers/next.png"] });
  });

  /** One row of each kind the builder edits: how its editor reads it, and a save of it from a form of some version. */
  async function editedRows() {
    const catalogueId = await make.createCatalogue(t.db);
    const listId = await make.createVideoList(t.db);
    const quizId = await make.createQuiz(t.db);
    const course = courseFields();
    const questionFields = {
      question: "Which one is it?",
      option1: "A",
      option2: "B",
      option3: "C",
      option4: "D",
      answer: "1",
    };
    const [courseId, lessonId, questionId] = [
      await make.createCourse(t.db, { catalogueId }),
      await make.createLesson(t.db, listId),
      await make.createQuestion(t.db, quizId),
    ];
    type Save = (version?: number) => Promise<unknown>;
    const rows: [string, () => Promise<{ version: number } | null>, Save][] = [
      [
        "catalogue",
        () => getCatalogueForAdmin(t.db, catalogueId),
        (version) => updateCatalogue(t.db, catalogueId, { titleEn: "C" }, { version }),
      ],
      [
        "course",
        () => getCourseForAdmin(t.db, courseId),
        (version) => updateCourse(t.db, courseId, course, { version }),
      ],
      [
        "list",
        () => getListForAdmin(t.db, listId),
        (version) => updateVideoList(t.db, listId, { titleEn: "L", freeSamples: "1" }, { version }),
      ],
      [
        "lesson",
        () => getLessonForAdmin(t.db, lessonId),
        (version) => updateLesson(t.db, lessonId, { slug: "l", titleEn: "L" }, { version }),
      ],
      [
        "quiz",
        () => getQuizForAdmin(t.db, quizId),
        (version) => updateQuiz(t.db, quizId, { slug: make.uniqueId("q"), titleEn: "Q" }, { version }),
      ],
      [
        "question",
        () => getQuestionForAdmin(t.db, questionId),
        (version) => updateQuestion(t.db, questionId, questionFields, { version }),
      ],
    ];
    return rows;
  }

  it("refuses, for every kind of row, a save made from a version older than the row's; each save adds one", async () => {
    for (const [kind, open, save] of await editedRows()) {
      const opened = (await open())!.version;
      expect(Number.isInteger(opened), kind).toBe(true);
      expect(await save(opened), kind).toMatchObject({ ok: true });
      const now = (await open())!.version;
      expect(now, kind).toBe(opened + 1);
      expect(await save(opened), kind).toEqual({ ok: false, status: 409, version: now });
      expect((await open())!.version, `${kind}: nothing saved`).toBe(now);
      // Without a version (no form sent one) the save goes through, as before, and still counts.
      expect(await save(), kind).toMatchObject({ ok: true });
      expect((await open())!.version, kind).toBe(now + 1);
    }
  });

  it("gives an editor the version of the row it shows: a save landing just after the page was read is not overwritten", async () => {
    // The lost update of issue 30: the editor read the row, then its version in a second query, so
    // another admin's save between the two was taken as seen, and undone by this form's save.
    for (const [kind, open, save] of await editedRows()) {
      const page = (await open())!;
      expect(await save(), `${kind}: another admin saves`).toMatchObject({ ok: true });
      expect(await save(page.version), `${kind}: this page's save`).toMatchObject({ ok: false, status: 409 });
    }
  });

  it("counts published lessons without a playable video in the overview", async () => {
    const before = (await loadCourseBuilderOverview(t.db)).missingVideos;
    const listId = await make.createVideoList(t.db);
    await make.createLesson(t.db, listId, { youtube: "" });
    await make.createLesson(t.db, listId, { youtube: "", published: "" }); // unpublished: learners do not see it
    const withFile = await make.createLesson(t.db, listId, { youtube: "" });
    await setLessonVideoFile(t.db, withFile, "f.mp4");
    await make.createLesson(t.db, listId);
    const overview = await loadCourseBuilderOverview(t.db);
    expect(overview.missingVideos - before).toBe(1);
    expect(overview.lists.find((l) => l.id === listId)).toMatchObject({ lessons: 4, missingVideos: 1 });
  });

  it("asks a lesson with a video for its length (watching is measured against it), and counts those without one", async () => {
    const before = (await loadCourseBuilderOverview(t.db)).missingLengths;
    const listId = await make.createVideoList(t.db);
    // A YouTube lesson needs its length.
    expect(
      await createLesson(t.db, listId, { slug: "no-length", titleEn: "L", youtube: "dQw4w9WgXcQ", duration: "" }),
    ).toEqual({ ok: false, status: 400, errors: { duration: "courseAdmin.errors.lessonDurationNeeded" } });
    // Without a video, none is needed; an upload gives its own, and it cannot be cleared by hand.
    const upload = await make.createLesson(t.db, listId, { youtube: "", duration: "" });
    await setLessonVideoFile(t.db, upload, "measured.mp4", 95);
    expect(await updateLesson(t.db, upload, { slug: "upload", titleEn: "L", youtube: "", duration: "" })).toEqual({
      ok: false,
      status: 400,
      errors: { duration: "courseAdmin.errors.lessonDurationNeeded" },
    });
    // A file whose length could not be read, and a YouTube lesson saved before lengths were needed.
    const unread = await make.createLesson(t.db, listId, { youtube: "", duration: "" });
    await setLessonVideoFile(t.db, unread, "unread.webm");
    const older = await make.createLesson(t.db, listId);
    await make.changeCatalogue(t.db, async (trx) => {
      await trx.updateTable("lessons").set({ duration: null }).where("id", "=", older).execute();
    });
    const overview = await loadCourseBuilderOverview(t.db);
    expect(overview.missingLengths - before).toBe(2);
  });
});

describe.each(DIALECTS)("drafts, previews and quizzes attached to lists on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  const published = async () => loadCatalogueSnapshot(t.db, await readCatalogueVersion(t.db));
  const admin = { isAdmin: true };
  const visitor = { isAdmin: false };

  it("keeps a draft catalogue off public pages and the sitemap, and shows it to an admin's preview only", async () => {
    // The builder's form sends no "published" for a new catalogue unless the admin ticks it.
    const slug = make.uniqueId("draft");
    const result = await createCatalogue(t.db, { slug, titleEn: "Testing" });
    expect(result.ok).toBe(true);
    const snapshot = await published();
    expect(resolveCataloguePath(snapshot, `/courses/${slug}`)).toBeUndefined();
    expect(sitemapCataloguePaths(snapshot)).not.toContain(`/courses/${slug}`);
    const url = new URL(`http://lomda.test/courses/${slug}?preview=1`);
    const previewed = await catalogueForPage(t.db, snapshot, admin, url);
    expect(previewed.preview).toBe(true);
    expect(resolveCataloguePath(previewed.snapshot, `/courses/${slug}`)?.kind).toBe("catalogue");
    // Anyone else asking for the preview gets the published catalogue: the draft is not there.
    const refused = await catalogueForPage(t.db, snapshot, visitor, url);
    expect(refused).toEqual({ snapshot, preview: false });
    expect(await catalogueForPage(t.db, snapshot, admin, new URL(`http://lomda.test/courses/${slug}`))).toEqual({
      snapshot,
      preview: false,
    });
  });

  it("keeps a list off public pages while every course card holding it is a draft", async () => {
    const catalogueId = await make.createCatalogue(t.db);
    const draftCard = await make.createCourse(t.db, { catalogueId, published: undefined });
    const slug = make.uniqueId("held");
    const listId = await make.createVideoList(t.db, { slug, courses: [draftCard] });
    await make.createLesson(t.db, listId);
    expect(resolveCataloguePath(await published(), `/courses/${slug}`)).toBeUndefined();
    // Published elsewhere: a published card holds it too.
    const liveCard = await make.createCourse(t.db, { catalogueId });
    await make.changeCatalogue(t.db, async (trx) => {
      await trx
        .insertInto("course_video_lists")
        .values({ course_id: liveCard, list_id: listId, position: 0 })
        .execute();
    });
    const snapshot = await published();
    expect(resolveCataloguePath(snapshot, `/courses/${slug}`)?.kind).toBe("list");
    expect(sitemapCataloguePaths(snapshot)).toContain(`/courses/${slug}`);
    // A list no card holds stands alone, public by its own box; a draft list is not public at all.
    const alone = make.uniqueId("alone");
    await make.createVideoList(t.db, { slug: alone });
    const draft = make.uniqueId("draftlist");
    await createVideoList(t.db, { slug: draft, titleEn: "Draft", freeSamples: "3" });
    const after = await published();
    expect(resolveCataloguePath(after, `/courses/${alone}`)?.kind).toBe("list");
    expect(resolveCataloguePath(after, `/courses/${draft}`)).toBeUndefined();
  });

  it("tells the builder's overview a published list that only drafts hold is not public", async () => {
    const catalogueId = await make.createCatalogue(t.db);
    const draftCard = await make.createCourse(t.db, { catalogueId, published: undefined });
    const draftCatalogue = await make.createCatalogue(t.db, { published: undefined });
    const cardInDraft = await make.createCourse(t.db, { catalogueId: draftCatalogue });
    const held = await make.createVideoList(t.db, { slug: make.uniqueId("held"), courses: [draftCard, cardInDraft] });
    const alone = await make.createVideoList(t.db, { slug: make.uniqueId("alone") });
    const unticked = await make.createVideoList(t.db, { slug: make.uniqueId("off"), published: undefined });
    const statusOf = async (id: string) => (await loadCourseBuilderOverview(t.db)).lists.find((l) => l.id === id);
    // Its box is ticked, yet no public page shows it: the overview must not call it "Published".
    expect(await statusOf(held)).toMatchObject({ published: true, status: "draftsOnly" });
    expect(await statusOf(alone)).toMatchObject({ published: true, status: "published" });
    expect(await statusOf(unticked)).toMatchObject({ published: false, status: "unpublished" });
    // Once a published card in a published catalogue holds it, it is public.
    const liveCard = await make.createCourse(t.db, { catalogueId });
    await make.changeCatalogue(t.db, async (trx) => {
      await trx.insertInto("course_video_lists").values({ course_id: liveCard, list_id: held, position: 0 }).execute();
    });
    expect(await statusOf(held)).toMatchObject({ status: "published" });
    expect(resolveCataloguePath(await published(), `/courses/${(await statusOf(held))!.slug}`)?.kind).toBe("list");
  });

  it("attaches a quiz to a list with its own pass mark; Watch Now left empty leads to that list", async () => {
    const slug = make.uniqueId("quizlist");
    const listId = await make.createVideoList(t.db, { slug });
    const base = { slug: make.uniqueId("q"), titleEn: "Q", published: "on" };
    const made = await createQuiz(t.db, { ...base, listId, passPercent: "85" });
    expect(made.ok).toBe(true);
    const { quiz } = (await getQuizForAdmin(t.db, (made as { id: string }).id))!;
    expect(quiz).toMatchObject({ listId, passPercent: 85, followUp: `/courses/${slug}` });
    const entry = (await published()).quizzes.find((q) => q.slug === base.slug)!;
    expect(entry).toMatchObject({ listId, passPercent: 85 });
    // Empty: 70 % and no list; an explicit Watch Now is kept.
    const plain = await createQuiz(t.db, { ...base, slug: make.uniqueId("q"), followUp: "/courses/java" });
    const { quiz: plainQuiz } = (await getQuizForAdmin(t.db, (plain as { id: string }).id))!;
    expect(plainQuiz).toMatchObject({ listId: null, passPercent: 70, followUp: "/courses/java" });
  });

  it("refuses a pass mark outside 50–100 and a list that does not exist, storing nothing", async () => {
    for (const passPercent of ["49", "101", "7.5", "abc", "-60"])
      expect(await createQuiz(t.db, { slug: make.uniqueId("q"), titleEn: "Q", passPercent })).toEqual({
        ok: false,
        status: 400,
        errors: { passPercent: "courseAdmin.errors.passPercent" },
      });
    const slug = make.uniqueId("q");
    expect(await createQuiz(t.db, { slug, titleEn: "Q", listId: "no-such-list" })).toEqual({
      ok: false,
      status: 400,
      errors: { listId: "courseAdmin.errors.quizList" },
    });
    expect(await t.db.selectFrom("quizzes").select("id").where("slug", "=", slug).executeTakeFirst()).toBeUndefined();
  });
});
