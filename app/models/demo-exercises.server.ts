import { randomUUID } from "node:crypto";
import type { Grader } from "~/lib/exercises/grader.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import type { Db } from "./course-builder/write.server";
import { checkExercise, saveExercise, type ExerciseInput } from "./exercise.server";

/**
 * Demo mode's exercises (issue 34; decision 0053): two JavaScript exercises and one SQL exercise, in
 * a list of their own ("practice"), open to everyone who signs in. They are not added to the seeded
 * JavaScript and MySQL lists because the specification fixes those lists' lengths (32 and 1
 * lessons, ../shared/SPEC.md and docs/product.md#pages) and "n of N" counts exercises. The list is
 * in no course, so no catalogue page's figures change either; its page is /courses/practice.
 *
 * Once per database, as the demo lessons are (a site_settings row records it); each exercise is
 * checked by the grader before it is saved, and is public only if its check passes, as a teacher's is.
 */

export const DEMO_EXERCISES_SETTING = "demo_exercises_seeded_at";
export const DEMO_EXERCISE_LIST = "practice";

interface DemoExercise {
  slug: string;
  title: { en: string; he: string };
  exercise: ExerciseInput;
}

export const demoExercises: DemoExercise[] = [
  {
    slug: "square-the-evens",
    title: { en: "Exercise: square the even numbers", he: "תרגיל: ריבועי המספרים הזוגיים" },
    exercise: {
      language: "javascript",
      instructionsEn:
        "Write `squareEvens(numbers)`: it returns the squares of the even numbers in `numbers`, in their order.\n\nFor example `squareEvens([1, 2, 3, 4])` returns `[4, 16]`.",
      instructionsHe:
        "כתבו את הפונקציה `squareEvens(numbers)`: היא מחזירה את הריבועים של המספרים הזוגיים במערך, לפי הסדר.\n\nלמשל, הקריאה `squareEvens([1, 2, 3, 4])` מחזירה `[4, 16]`.",
      starter: "function squareEvens(numbers) {\n  // Your code here\n}\n",
      solution: "function squareEvens(numbers) {\n  return numbers.filter((n) => n % 2 === 0).map((n) => n * n);\n}\n",
      tests: [
        {
          name: "keeps the even numbers, squared",
          hidden: false,
          code: "assert.deepEqual(squareEvens([1, 2, 3, 4]), [4, 16]);",
        },
        { name: "an empty array gives an empty array", hidden: false, code: "assert.deepEqual(squareEvens([]), []);" },
        { name: "negative numbers", hidden: true, code: "assert.deepEqual(squareEvens([-2, -3, 0]), [4, 0]);" },
      ],
      hintsEn: [
        "`filter` keeps the items a function says yes to.",
        "`n % 2 === 0` is true for an even `n`; then `map` each one to `n * n`.",
      ],
      hintsHe: [
        "`filter` משאירה את הפריטים שהפונקציה מאשרת.",
        "הביטוי `n % 2 === 0` אמת עבור `n` זוגי; אחר כך `map` לכל אחד: `n * n`.",
      ],
      schema: null,
      attemptsBeforeSolution: 3,
    },
  },
  {
    slug: "fizzbuzz",
    title: { en: "Exercise: FizzBuzz", he: "תרגיל: FizzBuzz" },
    exercise: {
      language: "javascript",
      instructionsEn:
        'Write `fizzBuzz(n)`: it returns an array of the numbers 1 to `n` as strings, except multiples of 3 are `"Fizz"`, multiples of 5 are `"Buzz"` and multiples of both are `"FizzBuzz"`.',
      instructionsHe:
        'כתבו את `fizzBuzz(n)`: היא מחזירה מערך של המספרים 1 עד `n` כמחרוזות, אבל כפולות של 3 הן `"Fizz"`, כפולות של 5 הן `"Buzz"` וכפולות של שניהם הן `"FizzBuzz"`.',
      starter: "function fizzBuzz(n) {\n  const result = [];\n  // Your code here\n  return result;\n}\n",
      solution:
        'function fizzBuzz(n) {\n  const result = [];\n  for (let i = 1; i <= n; i++) {\n    result.push(i % 15 === 0 ? "FizzBuzz" : i % 3 === 0 ? "Fizz" : i % 5 === 0 ? "Buzz" : String(i));\n  }\n  return result;\n}\n',
      tests: [
        {
          name: "the first five",
          hidden: false,
          code: 'assert.deepEqual(fizzBuzz(5), ["1", "2", "Fizz", "4", "Buzz"]);',
        },
        { name: "15 is FizzBuzz", hidden: false, code: 'assert.equal(fizzBuzz(15)[14], "FizzBuzz");' },
        { name: "length is n", hidden: true, code: "assert.equal(fizzBuzz(100).length, 100);" },
      ],
      hintsEn: ["Check 15 first: a multiple of both 3 and 5 is a multiple of 15."],
      hintsHe: ["בדקו קודם את 15: כפולה של 3 ושל 5 היא כפולה של 15."],
      schema: null,
      attemptsBeforeSolution: 3,
    },
  },
  {
    slug: "books-per-author",
    title: { en: "Exercise: books per author (SQL)", he: "תרגיל: ספרים לכל מחבר (SQL)" },
    exercise: {
      language: "sql",
      instructionsEn:
        "Write a query that lists each author's `name` and how many books they wrote, as `books`: most books first, then by name. Authors with no books are left out.",
      instructionsHe:
        "כתבו שאילתה שמציגה לכל מחבר את `name` ואת מספר הספרים שכתב, בעמודה `books`: מהרב אל המעט, ואחר כך לפי השם. מחברים בלי ספרים לא מופיעים.",
      starter: "SELECT name FROM authors;\n",
      solution:
        "SELECT a.name, COUNT(*) AS books\nFROM authors a\nJOIN books b ON b.author_id = a.id\nGROUP BY a.id, a.name\nORDER BY books DESC, a.name;\n",
      tests: [
        {
          name: "books per author, most first",
          hidden: false,
          code: "SELECT a.name, COUNT(*) AS books FROM authors a JOIN books b ON b.author_id = a.id GROUP BY a.id, a.name ORDER BY books DESC, a.name;",
        },
      ],
      hintsEn: [
        "`JOIN books b ON b.author_id = a.id` pairs each book with its author.",
        "`GROUP BY` the author, `COUNT(*)` the rows, then `ORDER BY books DESC, a.name`.",
      ],
      hintsHe: [
        "‏`JOIN books b ON b.author_id = a.id` מצמיד לכל ספר את המחבר שלו.",
        "‏`GROUP BY` לפי המחבר, `COUNT(*)` לשורות, ואז `ORDER BY books DESC, a.name`.",
      ],
      schema:
        "CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE TABLE books (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES authors(id), title TEXT NOT NULL);\nINSERT INTO authors VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Linus'), (4, 'Edsger');\nINSERT INTO books VALUES (1, 1, 'Notes'), (2, 2, 'COBOL'), (3, 2, 'Compilers'), (4, 3, 'Kernels'), (5, 2, 'Bugs'), (6, 3, 'Git');\n",
      attemptsBeforeSolution: 3,
    },
  },
];

/** Seeds the demo exercises once per database; answers the slugs made (none when done before). */
export async function seedDemoExercises(db: Db, grader: Grader, now: Date = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const claimed = await db
    .insertInto("site_settings")
    .values({ key: DEMO_EXERCISES_SETTING, value: at, updated_at: at })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!claimed) return [];
  const existing = await db
    .selectFrom("video_lists")
    .select("id")
    .where("slug", "=", DEMO_EXERCISE_LIST)
    .executeTakeFirst();
  if (existing) return [];
  const listId = randomUUID();
  await db
    .insertInto("video_lists")
    .values({
      id: listId,
      slug: DEMO_EXERCISE_LIST,
      title_en: "Practice: JavaScript and SQL exercises",
      title_he: "תרגול: תרגילי JavaScript ו-SQL",
      description_en: "Write code, submit it, and see which tests pass.",
      description_he: "כתבו קוד, הגישו אותו וראו אילו בדיקות עוברות.",
      free_samples: 0,
      all_free: 1,
      coming_soon: 0,
      published: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // Its page, as the builder gives a new list one (/courses/<slug>).
  await db
    .insertInto("catalogue_paths")
    .values({ path: `/courses/${DEMO_EXERCISE_LIST}`, kind: "list", target_id: listId, in_sitemap: 1 })
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
  const made: string[] = [];
  for (const [position, demo] of demoExercises.entries()) {
    const lessonId = randomUUID();
    await db
      .insertInto("lessons")
      .values({
        id: lessonId,
        list_id: listId,
        slug: demo.slug,
        position,
        title_en: demo.title.en,
        title_he: demo.title.he,
        description_en: "",
        description_he: null,
        duration: null,
        youtube_id: null,
        video_file: null,
        video_file_name: null,
        published: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const check = await checkExercise(grader, demo.exercise);
    await saveExercise(db, lessonId, demo.exercise, check.ok, now);
    made.push(demo.slug);
  }
  await bumpCatalogueVersion(db);
  return made;
}
