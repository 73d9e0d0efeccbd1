/**
 * Courses, people and testimonials shown on the home, courses and about pages, checked against
 * app/models/content.schema.ts at start. The catalogues and their course cards are the seed of the
 * database catalogue (app/models/catalogue-seed.server.ts): loaded once into an empty database, then
 * edited in the admin area (changes here do not reach a database already seeded). The people,
 * testimonials and the subscription price are read from here.
 * Covers live in public/images/courses/, photos in public/images/people/.
 */
import type { z } from "zod";
import type { courseCard, person, testimonial } from "../app/models/content.schema.ts";

type Card = z.input<typeof courseCard>;
type Person = z.input<typeof person>;
type Testimonial = z.input<typeof testimonial>;

/** Teachers named on the cards (the same people teach several courses). */
const teachers = {
  dana: { en: "Dana Levi", he: "דנה לוי" },
  yossi: { en: "Yossi Mizrahi", he: "יוסי מזרחי" },
  noa: { en: "Noa Friedman", he: "נועה פרידמן" },
  daniel: { en: "Daniel Cohen", he: "דניאל כהן" },
  michal: { en: "Michal Ben-David", he: "מיכל בן-דוד" },
} as const;

/** The home page's two sample courses. */
export const popularCourses: Card[] = [
  {
    key: "tax-refund",
    title: { en: "Income-Tax Refunds for Employees", he: "החזר מס הכנסה לשכירים" },
    teacher: teachers.michal,
    duration: "9.50",
    students: 335,
    price: 389,
    rating: 4.8,
    reviews: 142,
    cover: "tax-refund.svg",
    readMore: "/courses",
    join: "/order",
    summary: {
      en: "Learn how salaried employees in Israel check whether they overpaid income tax and claim a refund from the Tax Authority for up to six past years.",
      he: "לומדים איך שכירים בישראל בודקים אם שילמו מס הכנסה ביתר ומגישים בקשה להחזר מרשות המסים עד שש שנים אחורה.",
    },
  },
  {
    key: "open-business-solo",
    title: { en: "Opening a Business on Your Own", he: "פותחים עסק לבד" },
    teacher: teachers.michal,
    duration: "4.50",
    students: 65,
    price: 189,
    rating: 4.7,
    reviews: 28,
    cover: "sole-proprietor.svg",
    readMore: "/courses",
    join: "/order",
    summary: {
      en: "Step by step through opening a sole proprietorship (osek patur or osek murshe): registering with the Tax Authority, VAT and National Insurance, invoices and basic bookkeeping.",
      he: "צעד אחר צעד בפתיחת עוסק פטור או עוסק מורשה: רישום ברשות המסים, מע״מ וביטוח לאומי, הפקת חשבוניות וניהול ספרים בסיסי.",
    },
  },
];

const MERN = "/courses/mern";
const FULLSTACK = "/courses/fullstack";
const PROGRAMMING = "/cources/programming";

export const catalogues: {
  key: "mern" | "fullstack" | "programming";
  title: { en: string; he: string };
  /** A file under public/images/catalogues/: the catalogue's card on /courses. */
  cover: string;
  description: { en: string; he: string };
  cards: Card[];
}[] = [
  {
    key: "mern",
    cover: "mern.svg",
    title: { en: "MERN Stack", he: "MERN Stack" },
    description: {
      en: "MongoDB, Express, React and Node.js: the four tools for building a complete web application in JavaScript.",
      he: "MongoDB, Express, React ו-Node.js: ארבעת הכלים לבניית אפליקציית ווב שלמה ב-JavaScript.",
    },
    cards: [
      {
        key: "mern-mongodb",
        title: { en: "MongoDB for Developers", he: "MongoDB למפתחים" },
        teacher: teachers.yossi,
        duration: "8.00",
        students: 412,
        price: 129,
        rating: 4.6,
        reviews: 97,
        cover: "mongodb.svg",
        readMore: MERN,
        join: "/courses/mern/mongodb",
        summary: {
          en: "Model data as documents, write queries and aggregation pipelines, and add indexes to a MongoDB database.",
          he: "ממדלים נתונים כמסמכים, כותבים שאילתות ו-aggregation pipelines ומוסיפים אינדקסים למסד נתונים ב-MongoDB.",
        },
      },
      {
        key: "mern-express",
        title: { en: "Express: Building REST APIs", he: "Express: בניית REST API" },
        teacher: teachers.yossi,
        duration: "7.50",
        students: 388,
        price: 149,
        rating: 4.7,
        reviews: 84,
        cover: "express.svg",
        readMore: MERN,
        join: "/courses/mern/express",
        summary: {
          en: "Build a REST API with Express: routing, middleware, validation, error handling and authentication.",
          he: "בונים REST API עם Express: ניתוב, middleware, ולידציה, טיפול בשגיאות ואימות משתמשים.",
        },
      },
      {
        key: "mern-react",
        title: { en: "React from Zero to App", he: "React מאפס לאפליקציה" },
        teacher: teachers.noa,
        duration: "14.50",
        students: 726,
        price: 249,
        rating: 4.9,
        reviews: 213,
        cover: "react.svg",
        readMore: MERN,
        join: "/courses/mern/react",
        summary: {
          en: "Build interactive user interfaces with React components, props, state, hooks and client-side routing.",
          he: "בונים ממשקי משתמש אינטראקטיביים עם קומפוננטות, props, state, hooks וניתוב בצד הלקוח ב-React.",
        },
      },
      {
        key: "mern-nodejs",
        title: { en: "Node.js Essentials", he: "יסודות Node.js" },
        teacher: teachers.yossi,
        duration: "9.00",
        students: 504,
        price: 139,
        rating: 4.7,
        reviews: 118,
        cover: "nodejs.svg",
        readMore: MERN,
        join: "/courses/mern/express",
        summary: {
          en: "Run JavaScript on the server with Node.js: modules, the event loop, files, streams and npm packages.",
          he: "מריצים JavaScript בצד השרת עם Node.js: מודולים, ה-event loop, עבודה עם קבצים, streams וחבילות npm.",
        },
      },
    ],
  },
  {
    key: "fullstack",
    cover: "fullstack.svg",
    title: { en: "Full Stack Development", he: "פיתוח Full Stack" },
    description: {
      en: "From the first HTML page to a database-backed server: every layer of a modern web application.",
      he: "מדף ה-HTML הראשון ועד שרת שמחובר למסד נתונים: כל השכבות של אפליקציית ווב מודרנית.",
    },
    cards: [
      {
        key: "fullstack-sql",
        title: { en: "SQL and Relational Databases", he: "SQL ומסדי נתונים רלציוניים" },
        teacher: teachers.daniel,
        duration: "8.50",
        students: 467,
        price: 99,
        rating: 4.7,
        reviews: 102,
        cover: "sql.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/sql",
        summary: {
          en: "Design tables and query them with SELECT, JOIN, GROUP BY and subqueries in a relational database.",
          he: "מתכננים טבלאות ושולפים מהן נתונים עם SELECT, JOIN, GROUP BY ותתי-שאילתות במסד נתונים רלציוני.",
        },
      },
      {
        key: "fullstack-nodejs",
        title: { en: "Node.js for Full Stack Developers", he: "Node.js למפתחי Full Stack" },
        teacher: teachers.yossi,
        duration: "9.00",
        students: 398,
        price: 139,
        rating: 4.6,
        reviews: 76,
        cover: "nodejs.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/nodejs",
        summary: {
          en: "Write server-side JavaScript with Node.js, manage dependencies with npm and work asynchronously with promises and async/await.",
          he: "כותבים JavaScript בצד השרת עם Node.js, מנהלים תלויות עם npm ועובדים אסינכרונית עם promises ו-async/await.",
        },
      },
      {
        key: "fullstack-express",
        title: { en: "Express Web Servers", he: "שרתי ווב עם Express" },
        teacher: teachers.yossi,
        duration: "7.50",
        students: 351,
        price: 149,
        rating: 4.7,
        reviews: 69,
        cover: "express.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/express",
        summary: {
          en: "Create web servers and JSON APIs with Express, connect them to a database and deploy them.",
          he: "יוצרים שרתי ווב ו-API בפורמט JSON עם Express, מחברים אותם למסד נתונים ומעלים אותם לאוויר.",
        },
      },
      {
        key: "fullstack-react",
        title: { en: "React for Full Stack Apps", he: "React לאפליקציות Full Stack" },
        teacher: teachers.noa,
        duration: "12.00",
        students: 583,
        // The React list is also "React from Zero to App"'s: courses sold on their own that share a
        // list cost the same (issue 29; it was $199 here, so buying this opened that one for less).
        price: 249,
        rating: 4.8,
        reviews: 164,
        cover: "react.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/react",
        summary: {
          en: "Build a React front end that loads data from your own API, handles forms and manages application state.",
          he: "בונים צד לקוח ב-React שטוען נתונים מה-API שכתבתם, מטפל בטפסים ומנהל את ה-state של האפליקציה.",
        },
      },
      {
        key: "fullstack-mongodb",
        title: { en: "MongoDB in Practice", he: "MongoDB בפועל" },
        teacher: teachers.yossi,
        duration: "6.50",
        students: 302,
        price: 129,
        rating: 4.6,
        reviews: 58,
        cover: "mongodb.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/mongodb",
        summary: {
          en: "Store and query your application's data in MongoDB, using Mongoose schemas from a Node.js server.",
          he: "שומרים ושולפים את נתוני האפליקציה ב-MongoDB בעזרת סכמות של Mongoose משרת Node.js.",
        },
      },
      {
        key: "fullstack-javascript",
        title: { en: "Modern JavaScript", he: "JavaScript מודרני" },
        teacher: teachers.dana,
        duration: "10.50",
        students: 891,
        price: 89,
        rating: 4.8,
        reviews: 245,
        cover: "javascript.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/javascript",
        summary: {
          en: "Master the JavaScript language: variables, functions, arrays and objects, classes, modules and asynchronous code.",
          he: "שולטים בשפת JavaScript: משתנים, פונקציות, מערכים ואובייקטים, מחלקות, מודולים וקוד אסינכרוני.",
        },
      },
      {
        key: "fullstack-html",
        title: { en: "HTML Foundations", he: "יסודות HTML" },
        teacher: teachers.dana,
        duration: "4.00",
        students: 1024,
        price: 49,
        rating: 4.6,
        reviews: 231,
        cover: "html.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/html",
        summary: {
          en: "Write well-structured, accessible web pages with semantic HTML elements, links, images and forms.",
          he: "כותבים דפי ווב מובנים ונגישים עם אלמנטים סמנטיים של HTML, קישורים, תמונות וטפסים.",
        },
      },
      {
        key: "fullstack-css",
        title: { en: "CSS Layout and Design", he: "CSS: פריסה ועיצוב" },
        teacher: teachers.dana,
        duration: "5.50",
        students: 876,
        price: 59,
        rating: 4.7,
        reviews: 188,
        cover: "css.svg",
        readMore: FULLSTACK,
        join: "/courses/fullstack/css",
        summary: {
          en: "Style pages with CSS and build responsive layouts with Flexbox, Grid and media queries.",
          he: "מעצבים דפים עם CSS ובונים פריסות רספונסיביות עם Flexbox, Grid ו-media queries.",
        },
      },
    ],
  },
  {
    key: "programming",
    cover: "programming.svg",
    title: { en: "Programming", he: "תכנות" },
    description: {
      en: "Core programming skills: Java, JavaScript, and the data structures and algorithms behind every technical interview.",
      he: "יסודות התכנות: Java, JavaScript, ומבני הנתונים והאלגוריתמים שעומדים מאחורי כל ראיון טכני.",
    },
    cards: [
      {
        key: "programming-java",
        title: { en: "Java Programming", he: "תכנות ב-Java" },
        teacher: teachers.daniel,
        duration: "13.00",
        students: 642,
        price: 149,
        rating: 4.7,
        reviews: 156,
        cover: "java.svg",
        readMore: PROGRAMMING,
        join: "/cources/programming/java",
        summary: {
          en: "Learn to program in Java: types, control flow, methods, and object-oriented design with classes and interfaces.",
          he: "לומדים לתכנת ב-Java: טיפוסים, מבני בקרה, מתודות ותכנון מונחה עצמים עם מחלקות וממשקים.",
        },
      },
      {
        key: "programming-advanced-java",
        title: { en: "Advanced Java", he: "Java מתקדם" },
        teacher: teachers.daniel,
        duration: "11.50",
        students: 287,
        price: 219,
        rating: 4.8,
        reviews: 71,
        cover: "advanced-java.svg",
        readMore: PROGRAMMING,
        join: "/cources/programming/advJava",
        summary: {
          en: "Go deeper into Java with generics, collections, streams and lambdas, exceptions and multithreading.",
          he: "מעמיקים ב-Java עם generics, אוספים, streams ו-lambdas, חריגות ותכנות מקבילי עם threads.",
        },
      },
      {
        key: "programming-javascript",
        title: { en: "JavaScript for Beginners", he: "JavaScript למתחילים" },
        teacher: teachers.dana,
        duration: "8.00",
        students: 953,
        price: 89,
        rating: 4.7,
        reviews: 267,
        cover: "javascript.svg",
        readMore: PROGRAMMING,
        join: "/cources/programming/javascript",
        summary: {
          en: "Write your first programs in JavaScript and make web pages respond to the user through the DOM.",
          he: "כותבים את התוכניות הראשונות ב-JavaScript וגורמים לדפי ווב להגיב למשתמש דרך ה-DOM.",
        },
      },
      {
        key: "programming-dsa",
        title: { en: "Data Structures and Algorithms", he: "מבני נתונים ואלגוריתמים" },
        teacher: teachers.daniel,
        duration: "16.50",
        students: 534,
        price: 179,
        rating: 4.9,
        reviews: 149,
        cover: "dsa.svg",
        readMore: PROGRAMMING,
        join: "/courses/dsa",
        summary: {
          en: "Understand arrays, linked lists, stacks, trees, graphs and hash tables, and analyse sorting and searching algorithms with Big-O.",
          he: "מבינים מערכים, רשימות מקושרות, מחסניות, עצים, גרפים וטבלאות גיבוב, ומנתחים אלגוריתמי מיון וחיפוש במונחי Big-O.",
        },
      },
    ],
  },
];

export const instructors: Person[] = [
  {
    key: "dana-levi",
    name: teachers.dana,
    role: { en: "Full Stack Instructor", he: "מרצה ל-Full Stack" },
    photo: "dana-levi.svg",
    bio: {
      en: "Ten years building web products for Tel Aviv start-ups; teaches HTML, CSS and JavaScript from the very first line.",
      he: "עשר שנים של פיתוח מוצרי ווב בסטארט-אפים בתל אביב; מלמדת HTML, CSS ו-JavaScript מהשורה הראשונה.",
    },
  },
  {
    key: "yossi-mizrahi",
    name: teachers.yossi,
    role: { en: "Backend Instructor", he: "מרצה לפיתוח צד שרת" },
    photo: "yossi-mizrahi.svg",
    bio: {
      en: "Backend engineer who has run Node.js services in production; teaches Node.js, Express and MongoDB.",
      he: "מהנדס צד שרת שהריץ שירותי Node.js בסביבת ייצור; מלמד Node.js, Express ו-MongoDB.",
    },
  },
  {
    key: "noa-friedman",
    name: teachers.noa,
    role: { en: "Frontend Instructor", he: "מרצה לפיתוח צד לקוח" },
    photo: "noa-friedman.svg",
    bio: {
      en: "Frontend lead who loves clean components and accessible interfaces; teaches the React courses.",
      he: "ראש צוות צד לקוח שאוהבת קומפוננטות נקיות וממשקים נגישים; מלמדת את קורסי React.",
    },
  },
  {
    key: "daniel-cohen",
    name: teachers.daniel,
    role: { en: "Java & Algorithms Instructor", he: "מרצה ל-Java ולאלגוריתמים" },
    photo: "daniel-cohen.svg",
    bio: {
      en: "Computer science graduate and former teaching assistant; teaches Java, SQL and data structures and algorithms.",
      he: "בוגר מדעי המחשב ומתרגל לשעבר; מלמד Java, SQL ומבני נתונים ואלגוריתמים.",
    },
  },
];

export const team: { key: string; title: { en: string; he: string }; members: Person[] }[] = [
  {
    key: "instructors",
    title: { en: "Instructors", he: "מרצים" },
    members: instructors,
  },
  {
    key: "support",
    title: { en: "Support & Operations", he: "תמיכה ותפעול" },
    members: [
      {
        key: "michal-ben-david",
        name: teachers.michal,
        role: { en: "Tax & Business Courses Lead", he: "אחראית קורסי מיסוי ועסקים" },
        photo: "michal-ben-david.svg",
        bio: {
          en: "Tax advisor who writes and teaches the courses on tax refunds and opening a business.",
          he: "יועצת מס שכותבת ומלמדת את הקורסים על החזרי מס ופתיחת עסק.",
        },
      },
      {
        key: "roni-katz",
        name: { en: "Roni Katz", he: "רוני כץ" },
        role: { en: "Student Support", he: "תמיכה בסטודנטים" },
        photo: "roni-katz.svg",
        bio: {
          en: "Answers learners' questions by email and phone, in Hebrew and in English.",
          he: "עונה לשאלות של הלומדים במייל ובטלפון, בעברית ובאנגלית.",
        },
      },
      {
        key: "tamar-avraham",
        name: { en: "Tamar Avraham", he: "תמר אברהם" },
        role: { en: "Operations Manager", he: "מנהלת תפעול" },
        photo: "tamar-avraham.svg",
        bio: {
          en: "Keeps enrolments, payments and course schedules running smoothly.",
          he: "דואגת שההרשמות, התשלומים ולוחות הזמנים של הקורסים יתנהלו בלי תקלות.",
        },
      },
      {
        key: "eitan-goldberg",
        name: { en: "Eitan Goldberg", he: "איתן גולדברג" },
        role: { en: "Community Manager", he: "מנהל קהילה" },
        photo: "eitan-goldberg.svg",
        bio: {
          en: "Runs the learners' community, study groups and live Q&A sessions.",
          he: "מנהל את קהילת הלומדים, קבוצות הלמידה ומפגשי השאלות והתשובות בשידור חי.",
        },
      },
    ],
  },
];

export const testimonials: Testimonial[] = [
  {
    key: "omer-shalev",
    name: { en: "Omer Shalev", he: "עומר שלו" },
    profession: { en: "Junior Full Stack Developer", he: "מפתח Full Stack ג׳וניור" },
    quote: {
      en: "I went through the MERN courses in the evenings after work. Six months later I built my own project with React and Express, and it got me my first developer job.",
      he: "עברתי על קורסי ה-MERN בערבים אחרי העבודה. חצי שנה אחר כך בניתי פרויקט משלי עם React ו-Express, והוא זה שהביא לי את העבודה הראשונה כמפתח.",
    },
    photo: "omer-shalev.svg",
  },
  {
    key: "shira-peretz",
    name: { en: "Shira Peretz", he: "שירה פרץ" },
    profession: { en: "Graphic Designer, Self-Employed", he: "מעצבת גרפית, עצמאית" },
    quote: {
      en: "I had put off opening my business for a year because the paperwork scared me. After the course I registered as an osek patur in a single morning and issued my first invoice that week.",
      he: "דחיתי את פתיחת העסק שנה שלמה כי הבירוקרטיה הפחידה אותי. אחרי הקורס נרשמתי כעוסקת פטורה בבוקר אחד והוצאתי את החשבונית הראשונה באותו שבוע.",
    },
    photo: "shira-peretz.svg",
  },
  {
    key: "lior-azoulay",
    name: { en: "Lior Azoulay", he: "ליאור אזולאי" },
    profession: { en: "QA Engineer", he: "מהנדס QA" },
    quote: {
      en: "The data structures and algorithms course finally made Big-O click for me. The explanations are clear, and I felt much calmer in technical interviews.",
      he: "הקורס במבני נתונים ואלגוריתמים סוף סוף גרם לי להבין Big-O. ההסברים ברורים, והגעתי לראיונות הטכניים הרבה יותר רגוע.",
    },
    photo: "lior-azoulay.svg",
  },
  {
    key: "maya-rosen",
    name: { en: "Maya Rosen", he: "מאיה רוזן" },
    profession: { en: "Nurse", he: "אחות" },
    quote: {
      en: "I never knew employees could ask for tax back. Following the tax refund course I filed for the last few years and got money I didn't know I was owed.",
      he: "לא ידעתי ששכירים יכולים לבקש החזר מס. בעקבות הקורס על החזרי מס הגשתי בקשה על השנים האחרונות וקיבלתי כסף שלא ידעתי שמגיע לי.",
    },
    photo: "maya-rosen.svg",
  },
];

export const subscription = { priceMonthly: 49, priceYearly: 390, currency: "USD" } as const;
