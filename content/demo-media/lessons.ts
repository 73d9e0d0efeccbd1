/**
 * Demo mode's lessons that play (issue 32, docs/decisions/0044-demo-lessons-that-play.md): the first
 * four lessons of the JavaScript list, as short videos made from these slides and this narration by
 * scripts/demo-media/make.ts (Debian's espeak-ng, rsvg-convert and ffmpeg), with English and Hebrew
 * captions timed to the speech, and one resource. The made files sit beside this one and are
 * committed; README.md here says how to make them again. A demo start (`npm start`) puts them on these
 * lessons once (app/models/demo-lessons.server.ts); a start without demo mode never does.
 *
 * A caption marks code with backticks, as quiz text does: the transcript shows it in the code font,
 * left to right inside Hebrew. `say` is what the voice reads when the caption's words are not
 * speakable as written (`console.log` is read "console dot log").
 */

export interface DemoSentence {
  /** The English caption: what is said, code between backticks. */
  en: string;
  /** The Hebrew caption: the same sentence translated, code between backticks (never first in a line). */
  he: string;
  /** What the voice says, when not the English caption without its backticks. */
  say?: string;
}

export interface DemoSlide {
  heading: string;
  /** A title slide's second line (the course it belongs to). */
  subheading?: string;
  bullets?: string[];
  /** Lines of code shown in a code box. */
  code?: string[];
  /** What is said while the slide shows. */
  sentences: DemoSentence[];
}

export interface DemoLesson {
  /** The seeded lesson's slug in the list: its files are `<slug>.mp4`, `<slug>.en.vtt`, `<slug>.he.vtt`. */
  slug: string;
  slides: DemoSlide[];
}

/** The video list whose lessons play in the demo: it has a quiz, so its certificate asks for a pass. */
export const DEMO_LIST = "javascript";

const COURSE = "JavaScript from Basics to Advanced";

export const demoLessons: DemoLesson[] = [
  {
    slug: "js-01-intro",
    slides: [
      {
        heading: "Introduction to JavaScript",
        subheading: `${COURSE} · lesson 1`,
        sentences: [
          {
            en: "Welcome to JavaScript from Basics to Advanced.",
            he: "ברוכים הבאים לקורס JavaScript מהיסודות ועד רמה מתקדמת.",
          },
          {
            en: "This short sample lesson shows where JavaScript runs, and how to try it yourself.",
            he: "שיעור הדוגמה הקצר הזה מראה איפה JavaScript רצה ואיך לנסות אותה בעצמכם.",
          },
        ],
      },
      {
        heading: "Where JavaScript runs",
        bullets: ["In every web browser", "On servers, with Node.js", "Nothing to install to begin"],
        sentences: [
          {
            en: "JavaScript runs in every web browser, and on servers with Node.js.",
            he: "JavaScript רצה בכל דפדפן, וגם בשרתים בעזרת Node.js.",
            say: "JavaScript runs in every web browser, and on servers with Node J S.",
          },
          {
            en: "You need to install nothing to begin: your browser already has it.",
            he: "כדי להתחיל לא צריך להתקין כלום: הדפדפן שלכם כבר כולל אותה.",
          },
        ],
      },
      {
        heading: "Try it in the console",
        bullets: ["Open the developer tools (F12)", "Choose the Console tab"],
        code: ['console.log("Hello, Lomda!");', "// Hello, Lomda!"],
        sentences: [
          {
            en: "Open your browser's developer tools, and choose the Console tab.",
            he: "פתחו את כלי המפתחים של הדפדפן ובחרו בלשונית Console.",
          },
          {
            en: "Type `console.log`, with a greeting in quotes, and press Enter.",
            he: "הקלידו `console.log` עם ברכה בין מירכאות, והקישו Enter.",
            say: "Type console dot log, with a greeting in quotes, and press Enter.",
          },
          {
            en: "The console prints your greeting back.",
            he: "הקונסול מדפיס את הברכה שלכם בחזרה.",
          },
        ],
      },
      {
        heading: "Next: variables",
        bullets: ["Giving values names", "let, const and var"],
        sentences: [
          {
            en: "In the next lesson, you will give values names, with variables.",
            he: "בשיעור הבא תיתנו שמות לערכים, בעזרת משתנים.",
          },
        ],
      },
    ],
  },
  {
    slug: "js-02-variables",
    slides: [
      {
        heading: "Variables: let, const and var",
        subheading: `${COURSE} · lesson 2`,
        sentences: [
          {
            en: "A variable gives a value a name, so that you can use it later.",
            he: "משתנה נותן שם לערך, כדי שאפשר יהיה להשתמש בו אחר כך.",
          },
        ],
      },
      {
        heading: "const and let",
        code: ['const course = "JavaScript";', "let lesson = 2;", "lesson = lesson + 1; // 3"],
        sentences: [
          {
            en: "Use `const` for a value that never changes.",
            he: "השתמשו ב־`const` לערך שלעולם לא משתנה.",
          },
          {
            en: "Use `let` when you will give the variable a new value later.",
            he: "השתמשו ב־`let` כשתציבו במשתנה ערך חדש בהמשך.",
          },
        ],
      },
      {
        heading: "Why not var?",
        code: ['course = "Java";', "// TypeError: Assignment to constant variable."],
        sentences: [
          {
            en: "Assigning to a `const` again throws a `TypeError`.",
            he: "הצבה חוזרת למשתנה `const` זורקת שגיאת `TypeError`.",
            say: "Assigning to a const again throws a type error.",
          },
          {
            en: "The old keyword `var` ignores blocks, so leave it out of new code.",
            he: "מילת המפתח הישנה `var` מתעלמת מבלוקים, ולכן עדיף לא להשתמש בה בקוד חדש.",
          },
        ],
      },
      {
        heading: "Rule of thumb",
        bullets: ["const first", "let when the value must change", "never var"],
        sentences: [
          {
            en: "Start with `const`, and switch to `let` only when the value must change.",
            he: "התחילו עם `const`, ועברו ל־`let` רק כשהערך חייב להשתנות.",
          },
        ],
      },
    ],
  },
  {
    slug: "js-03-data-types",
    slides: [
      {
        heading: "Data types",
        subheading: `${COURSE} · lesson 3`,
        sentences: [
          {
            en: "Every value in JavaScript has a type.",
            he: "לכל ערך ב־JavaScript יש טיפוס.",
          },
        ],
      },
      {
        heading: "Primitive values",
        code: ["42          // number", '"hello"     // string', "true        // boolean", "undefined", "null"],
        sentences: [
          {
            en: "Numbers, strings and booleans are the types you will use most.",
            he: "מספרים, מחרוזות וערכים בוליאניים הם הטיפוסים שתשתמשו בהם הכי הרבה.",
          },
          {
            en: "`undefined` means no value yet, and `null` means empty on purpose.",
            he: "הערך `undefined` פירושו שעדיין אין ערך, והערך `null` פירושו ריק בכוונה.",
          },
        ],
      },
      {
        heading: "Objects and typeof",
        code: [
          'const user = { name: "Dana", age: 30 };',
          'typeof user   // "object"',
          'typeof 42     // "number"',
          'typeof null   // "object"',
        ],
        sentences: [
          {
            en: "An object keeps values together, each under its own name.",
            he: "אובייקט מחזיק ערכים יחד, כל אחד תחת שם משלו.",
          },
          {
            en: "The `typeof` operator tells you the type of a value, as a string.",
            he: "האופרטור `typeof` מחזיר את הטיפוס של ערך, כמחרוזת.",
          },
          {
            en: 'Careful: `typeof null` says `"object"`, a famous quirk of the language.',
            he: 'שימו לב: `typeof null` מחזיר `"object"`, מוזרות מפורסמת של השפה.',
            say: "Careful: type of null says object, a famous quirk of the language.",
          },
        ],
      },
    ],
  },
  {
    slug: "js-04-operators",
    slides: [
      {
        heading: "Operators and type coercion",
        subheading: `${COURSE} · lesson 4`,
        sentences: [
          {
            en: "Operators combine values: arithmetic, comparison and logic.",
            he: "אופרטורים משלבים ערכים: חשבון, השוואה ולוגיקה.",
          },
        ],
      },
      {
        heading: "Arithmetic",
        code: ["7 + 3     // 10", "7 % 3     // 1", '"7" + 3   // "73"'],
        sentences: [
          {
            en: "Plus adds numbers, and the percent sign gives the remainder.",
            he: "הפלוס מחבר מספרים, וסימן האחוז מחזיר את השארית.",
          },
          {
            en: 'With a string, plus joins text: `"7" + 3` is `"73"`.',
            he: 'עם מחרוזת, הפלוס משרשר טקסט: `"7" + 3` נותן `"73"`.',
            say: "With a string, plus joins text: the string 7, plus 3, is the string 73.",
          },
        ],
      },
      {
        heading: "== or ===",
        code: ['5 == "5"    // true: converts the types', '5 === "5"   // false: no conversion'],
        sentences: [
          {
            en: "Double equals, `==`, converts types before it compares.",
            he: "שוויון כפול, `==`, ממיר טיפוסים לפני ההשוואה.",
            say: "Double equals converts types before it compares.",
          },
          {
            en: "Triple equals, `===`, compares the value and the type, so prefer it.",
            he: "שוויון משולש, `===`, משווה גם את הערך וגם את הטיפוס, ולכן עדיף להשתמש בו.",
            say: "Triple equals compares the value and the type, so prefer it.",
          },
        ],
      },
      {
        heading: "Logical operators",
        code: ["true && false   // false", "true || false   // true", "!true           // false"],
        sentences: [
          {
            en: "And, or, and not are written with two ampersands (`&&`), two bars (`||`) and an exclamation mark (`!`).",
            he: "וגם, או ולא נכתבים בשני סימני אמפרסנד (`&&`), בשני קווים אנכיים (`||`) ובסימן קריאה (`!`).",
            say: "And, or, and not are written with two ampersands, two bars, and an exclamation mark.",
          },
          {
            en: "That is the end of the sample lessons: take the quiz to test yourself.",
            he: "כאן מסתיימים השיעורים לדוגמה: עשו את המבחן כדי לבדוק את עצמכם.",
          },
        ],
      },
    ],
  },
];

/** The one resource: the lessons' examples, attached to the first lesson (a text file, downloaded as .js). */
export const demoResource = {
  lesson: "js-01-intro",
  /** The file beside this one (.txt, so no linter or formatter takes it for the project's code). */
  file: "javascript-basics.txt",
  /** The name it downloads under. */
  name: "javascript-basics.js",
};

/** The resource's text: the lessons' examples made runnable (`node javascript-basics.js` prints each result). */
export const demoResourceText = `// JavaScript from Basics to Advanced: the examples of the four sample lessons.
// Paste them into your browser's console (F12, then the Console tab), or run the file with Node.js:
//   node javascript-basics.js

// Lesson 1: Introduction to JavaScript
console.log("Hello, Lomda!"); // Hello, Lomda!

// Lesson 2: Variables: let, const and var
const course = "JavaScript";
let lesson = 2;
lesson = lesson + 1;
console.log(course, lesson); // JavaScript 3
try {
  course = "Java";
} catch (error) {
  console.log(error.name); // TypeError: a const keeps its value
}

// Lesson 3: Data types
const user = { name: "Dana", age: 30 };
console.log(typeof 42, typeof "hello", typeof true); // number string boolean
console.log(typeof undefined, typeof user); // undefined object
console.log(typeof null); // object (a famous quirk)

// Lesson 4: Operators and type coercion
console.log(7 + 3, 7 % 3, "7" + 3); // 10 1 73
console.log(5 == "5", 5 === "5"); // true false
console.log(true && false, true || false, !true); // false true false
`;
