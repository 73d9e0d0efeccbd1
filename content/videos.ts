import type { z } from "zod";
import type { videoItem, videoList } from "../app/models/content.schema.ts";
type VideoListInput = z.input<typeof videoList>;
type VideoItemInput = z.input<typeof videoItem>;

/**
 * The video lists' seed: loaded once into an empty database (app/models/catalogue-seed.server.ts),
 * then edited in the admin area. The about-us video at the end is read from here.
 *
 * SAMPLE VIDEO IDS — every YouTube id in SAMPLE_IDS below is a placeholder ("sample"), not a real
 * video. The seed stores an id starting with "SAMPLE" as no video, so such a lesson shows "Video
 * coming soon"; the owner gives it its real video in the admin area.
 */
export const SAMPLE_IDS = {
  // Data Structures and Algorithms (Java)
  "dsa-01-intro": "SAMPLEdsa01",
  "dsa-02-complexity": "SAMPLEdsa02",
  "dsa-03-recursion": "SAMPLEdsa03",
  "dsa-04-arrays": "SAMPLEdsa04",
  "dsa-06-strings": "SAMPLEdsa06",
  "dsa-07-linked-lists": "SAMPLEdsa07",
  "dsa-08-doubly-linked-lists": "SAMPLEdsa08",
  "dsa-09-stacks": "SAMPLEdsa09",
  "dsa-10-queues": "SAMPLEdsa10",
  "dsa-11-hashing": "SAMPLEdsa11",
  "dsa-12-hashmap-hashset": "SAMPLEdsa12",
  "dsa-13-trees": "SAMPLEdsa13",
  "dsa-14-tree-traversals": "SAMPLEdsa14",
  "dsa-15-bst": "SAMPLEdsa15",
  "dsa-16-avl-trees": "SAMPLEdsa16",
  "dsa-17-heaps": "SAMPLEdsa17",
  "dsa-18-tries": "SAMPLEdsa18",
  "dsa-19-graphs": "SAMPLEdsa19",
  "dsa-20-bfs": "SAMPLEdsa20",
  "dsa-21-dfs": "SAMPLEdsa21",
  "dsa-22-topological-sort": "SAMPLEdsa22",
  "dsa-23-dijkstra": "SAMPLEdsa23",
  "dsa-24-union-find-mst": "SAMPLEdsa24",
  "dsa-25-bubble-sort": "SAMPLEdsa25",
  "dsa-26-selection-sort": "SAMPLEdsa26",
  "dsa-27-insertion-sort": "SAMPLEdsa27",
  "dsa-28-merge-sort": "SAMPLEdsa28",
  "dsa-29-quick-sort": "SAMPLEdsa29",
  "dsa-30-heap-sort": "SAMPLEdsa30",
  "dsa-31-counting-radix-sort": "SAMPLEdsa31",
  "dsa-32-binary-search": "SAMPLEdsa32",
  "dsa-33-backtracking": "SAMPLEdsa33",
  "dsa-34-greedy": "SAMPLEdsa34",
  "dsa-35-dynamic-programming": "SAMPLEdsa35",

  // Java from zero
  "java-01-intro": "SAMPLEjav01",
  "java-02-hello-world": "SAMPLEjav02",
  "java-03-variables": "SAMPLEjav03",
  "java-04-operators": "SAMPLEjav04",
  "java-05-strings": "SAMPLEjav05",
  "java-06-scanner-input": "SAMPLEjav06",
  "java-07-conditionals": "SAMPLEjav07",
  "java-08-loops": "SAMPLEjav08",
  "java-09-arrays": "SAMPLEjav09",
  "java-10-2d-arrays": "SAMPLEjav10",
  "java-11-methods": "SAMPLEjav11",
  "java-12-overloading-scope": "SAMPLEjav12",
  "java-13-classes-objects": "SAMPLEjav13",
  "java-14-constructors": "SAMPLEjav14",
  "java-15-encapsulation": "SAMPLEjav15",
  "java-16-static": "SAMPLEjav16",
  "java-17-inheritance": "SAMPLEjav17",
  "java-18-polymorphism": "SAMPLEjav18",
  "java-19-abstract-classes": "SAMPLEjav19",
  "java-20-interfaces": "SAMPLEjav20",
  "java-21-object-class": "SAMPLEjav21",
  "java-22-exceptions": "SAMPLEjav22",
  "java-23-custom-exceptions": "SAMPLEjav23",
  "java-24-wrapper-classes": "SAMPLEjav24",
  "java-25-arraylist": "SAMPLEjav25",
  "java-26-hashmap": "SAMPLEjav26",
  "java-27-enums": "SAMPLEjav27",
  "java-28-records": "SAMPLEjav28",
  "java-29-lambdas": "SAMPLEjav29",
  "java-30-files": "SAMPLEjav30",
  "java-31-packages-maven": "SAMPLEjav31",
  "java-32-final-project": "SAMPLEjav32",

  // React
  "react-01-intro": "SAMPLErea01",
  "react-02-jsx": "SAMPLErea02",
  "react-03-components": "SAMPLErea03",
  "react-04-props": "SAMPLErea04",
  "react-05-state": "SAMPLErea05",
  "react-06-events": "SAMPLErea06",
  "react-07-conditional-rendering": "SAMPLErea07",
  "react-08-lists-keys": "SAMPLErea08",
  "react-09-forms": "SAMPLErea09",
  "react-10-styling": "SAMPLErea10",
  "react-11-useeffect": "SAMPLErea11",
  "react-12-useref": "SAMPLErea12",
  "react-13-lifting-state": "SAMPLErea13",
  "react-14-context": "SAMPLErea14",
  "react-15-usereducer": "SAMPLErea15",
  "react-16-custom-hooks": "SAMPLErea16",
  "react-17-router": "SAMPLErea17",
  "react-18-data-fetching": "SAMPLErea18",
  "react-19-suspense-error-boundaries": "SAMPLErea19",
  "react-20-performance": "SAMPLErea20",
  "react-21-testing": "SAMPLErea21",
  "react-22-deploy": "SAMPLErea22",

  // Express.js
  "express-01-intro": "SAMPLEexp01",
  "express-02-routing": "SAMPLEexp02",
  "express-03-middleware": "SAMPLEexp03",
  "express-04-rest-api": "SAMPLEexp04",
  "express-05-error-handling": "SAMPLEexp05",
  "express-06-jwt-auth": "SAMPLEexp06",
  "express-07-security-deploy": "SAMPLEexp07",

  // Node.js
  "nodejs-01-intro": "SAMPLEnod01",
  "nodejs-02-modules": "SAMPLEnod02",
  "nodejs-03-npm": "SAMPLEnod03",
  "nodejs-04-event-loop": "SAMPLEnod04",
  "nodejs-05-async": "SAMPLEnod05",
  "nodejs-06-fs": "SAMPLEnod06",
  "nodejs-07-path-os-process": "SAMPLEnod07",
  "nodejs-08-events": "SAMPLEnod08",
  "nodejs-09-streams-buffers": "SAMPLEnod09",
  "nodejs-10-http-server": "SAMPLEnod10",

  // MongoDB and Mongoose
  "mongodb-01-intro": "SAMPLEmng01",
  "mongodb-02-setup": "SAMPLEmng02",
  "mongodb-03-documents": "SAMPLEmng03",
  "mongodb-04-insert-find": "SAMPLEmng04",
  "mongodb-05-update-delete": "SAMPLEmng05",
  "mongodb-06-query-operators": "SAMPLEmng06",
  "mongodb-07-indexes": "SAMPLEmng07",
  "mongodb-08-aggregation": "SAMPLEmng08",
  "mongodb-09-data-modeling": "SAMPLEmng09",
  "mongodb-10-mongoose-connect": "SAMPLEmng10",
  "mongodb-11-schemas-models": "SAMPLEmng11",
  "mongodb-12-validation": "SAMPLEmng12",
  "mongodb-13-populate": "SAMPLEmng13",
  "mongodb-14-middleware-virtuals": "SAMPLEmng14",
  "mongodb-15-express-api": "SAMPLEmng15",

  // MySQL
  "sql-01-mysql-full-course": "SAMPLEsql01",

  // JavaScript
  "js-01-intro": "SAMPLEjsc01",
  "js-02-variables": "SAMPLEjsc02",
  "js-03-data-types": "SAMPLEjsc03",
  "js-04-operators": "SAMPLEjsc04",
  "js-05-strings": "SAMPLEjsc05",
  "js-06-conditionals": "SAMPLEjsc06",
  "js-07-loops": "SAMPLEjsc07",
  "js-08-functions": "SAMPLEjsc08",
  "js-09-arrow-functions": "SAMPLEjsc09",
  "js-10-scope-hoisting": "SAMPLEjsc10",
  "js-11-arrays": "SAMPLEjsc11",
  "js-12-array-methods": "SAMPLEjsc12",
  "js-13-objects": "SAMPLEjsc13",
  "js-14-destructuring-spread": "SAMPLEjsc14",
  "js-15-dom-selecting": "SAMPLEjsc15",
  "js-16-dom-manipulation": "SAMPLEjsc16",
  "js-17-events": "SAMPLEjsc17",
  "js-18-forms": "SAMPLEjsc18",
  "js-19-json-localstorage": "SAMPLEjsc19",
  "js-20-closures": "SAMPLEjsc20",
  "js-21-this": "SAMPLEjsc21",
  "js-22-prototypes": "SAMPLEjsc22",
  "js-23-classes": "SAMPLEjsc23",
  "js-24-modules": "SAMPLEjsc24",
  "js-25-error-handling": "SAMPLEjsc25",
  "js-26-event-loop-callbacks": "SAMPLEjsc26",
  "js-27-promises": "SAMPLEjsc27",
  "js-28-async-await": "SAMPLEjsc28",
  "js-29-fetch": "SAMPLEjsc29",
  "js-30-iterators-generators": "SAMPLEjsc30",
  "js-31-map-set": "SAMPLEjsc31",
  "js-32-final-project": "SAMPLEjsc32",

  // HTML, CSS, Advanced Java
  "html-full-course": "SAMPLEhtm01",
  "css-full-course": "SAMPLEcss01",
  "advjava-full-course": "SAMPLEadv01",

  // Israel Tax Authority explainers
  "tax-01-employee-refund": "SAMPLEtax01",
  "tax-02-open-business-file": "SAMPLEtax02",
  "tax-03-vat-exempt-licensed": "SAMPLEtax03",
  "tax-04-annual-report": "SAMPLEtax04",
  "tax-05-credit-points": "SAMPLEtax05",
} as const;

export const videoLists: VideoListInput[] = [
  {
    key: "dsa",
    title: { en: "Data Structures and Algorithms in Java", he: "מבני נתונים ואלגוריתמים ב-Java" },
    description: {
      en: "From Big-O to dynamic programming: the core data structures and algorithms every programmer needs, implemented step by step in Java.",
      he: "מ-Big-O ועד תכנות דינמי: מבני הנתונים והאלגוריתמים שכל מתכנת צריך, ממומשים צעד אחר צעד ב-Java.",
    },
    videos: [
      {
        key: "dsa-01-intro",
        title: { en: "Introduction to Data Structures and Algorithms", he: "מבוא למבני נתונים ואלגוריתמים" },
        description: {
          en: "What data structures and algorithms are, why they matter, and how this course is organized.",
          he: "מהם מבני נתונים ואלגוריתמים, למה הם חשובים ואיך הקורס בנוי.",
        },
        duration: "9:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-01-intro"] },
      },
      {
        key: "dsa-02-complexity",
        title: { en: "Big-O Notation: Time and Space Complexity", he: "סימון Big-O: סיבוכיות זמן ומקום" },
        description: {
          en: "How to measure an algorithm's running time and memory use with Big-O, from O(1) to O(n²).",
          he: "איך מודדים זמן ריצה וצריכת זיכרון של אלגוריתם בעזרת Big-O, מ-O(1) ועד O(n²).",
        },
        duration: "18:25",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-02-complexity"] },
      },
      {
        key: "dsa-03-recursion",
        title: { en: "Recursion Fundamentals", he: "יסודות הרקורסיה" },
        description: {
          en: "Base cases, recursive calls and the call stack, with factorial and Fibonacci in Java.",
          he: "תנאי עצירה, קריאות רקורסיביות ומחסנית הקריאות, עם עצרת ופיבונאצ'י ב-Java.",
        },
        duration: "16:40",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-03-recursion"] },
      },
      {
        key: "dsa-04-arrays",
        title: { en: "Arrays and Dynamic Arrays", he: "מערכים ומערכים דינמיים" },
        description: {
          en: "How arrays are stored in memory and how a dynamic array like ArrayList grows as you add elements.",
          he: "איך מערכים נשמרים בזיכרון ואיך מערך דינמי כמו ArrayList גדל כשמוסיפים איברים.",
        },
        duration: "14:32",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-04-arrays"] },
      },
      {
        key: "dsa-05-two-pointers",
        title: { en: "Two Pointers and Sliding Window", he: "שני מצביעים וחלון נע" },
        description: {
          en: "Two classic techniques that turn many nested-loop array problems into linear-time solutions.",
          he: "שתי טכניקות קלאסיות שהופכות בעיות מערכים רבות עם לולאות מקוננות לפתרונות בזמן לינארי.",
        },
        // The length of the file that plays (a 12-second sample): watching is measured against it.
        duration: "0:12",
        // Self-hosted: media/videos/lesson-sample.mp4, served from /video/ (subscribers only at this position).
        source: { kind: "mp4", file: "lesson-sample.mp4" },
      },
      {
        key: "dsa-06-strings",
        title: { en: "Strings and StringBuilder", he: "מחרוזות ו-StringBuilder" },
        description: {
          en: "Why Java strings are immutable, what that costs, and when to use StringBuilder instead.",
          he: "למה מחרוזות ב-Java אינן ניתנות לשינוי, מה המחיר של זה ומתי עדיף להשתמש ב-StringBuilder.",
        },
        duration: "12:18",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-06-strings"] },
      },
      {
        key: "dsa-07-linked-lists",
        title: { en: "Singly Linked Lists", he: "רשימות מקושרות חד-כיווניות" },
        description: {
          en: "Building a singly linked list from scratch: nodes, insertion, deletion and traversal.",
          he: "בונים רשימה מקושרת חד-כיוונית מאפס: צמתים, הוספה, מחיקה ומעבר על הרשימה.",
        },
        duration: "21:14",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-07-linked-lists"] },
      },
      {
        key: "dsa-08-doubly-linked-lists",
        title: { en: "Doubly and Circular Linked Lists", he: "רשימות מקושרות דו-כיווניות ומעגליות" },
        description: {
          en: "Adding a previous pointer and closing the loop, and the trade-offs each variant brings.",
          he: "מוסיפים מצביע לאיבר הקודם וסוגרים מעגל, ובוחנים את היתרונות והחסרונות של כל גרסה.",
        },
        duration: "15:52",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-08-doubly-linked-lists"] },
      },
      {
        key: "dsa-09-stacks",
        title: { en: "Stacks", he: "מחסניות" },
        description: {
          en: "The last-in-first-out stack, implemented with an array and a linked list, and used to check balanced brackets.",
          he: "המחסנית (LIFO), במימוש עם מערך ועם רשימה מקושרת, ושימוש בה לבדיקת איזון סוגריים.",
        },
        duration: "13:27",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-09-stacks"] },
      },
      {
        key: "dsa-10-queues",
        title: { en: "Queues and Deques", he: "תורים ותורים דו-כיווניים" },
        description: {
          en: "First-in-first-out queues, circular buffers and Java's ArrayDeque.",
          he: "תורים (FIFO), מאגרים מעגליים וה-ArrayDeque של Java.",
        },
        duration: "14:06",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-10-queues"] },
      },
      {
        key: "dsa-11-hashing",
        title: { en: "Hash Functions and Hash Tables", he: "פונקציות גיבוב וטבלאות גיבוב" },
        description: {
          en: "How a hash table reaches O(1) lookups, and how chaining and open addressing handle collisions.",
          he: "איך טבלת גיבוב מגיעה לחיפוש ב-O(1), ואיך שרשור וכתובות פתוחות מטפלים בהתנגשויות.",
        },
        duration: "19:33",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-11-hashing"] },
      },
      {
        key: "dsa-12-hashmap-hashset",
        title: { en: "HashMap and HashSet in Practice", he: "HashMap ו-HashSet בפועל" },
        description: {
          en: "Solving counting, de-duplication and two-sum style problems with Java's HashMap and HashSet.",
          he: "פותרים בעיות ספירה, הסרת כפילויות ו-two-sum בעזרת HashMap ו-HashSet של Java.",
        },
        duration: "16:11",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-12-hashmap-hashset"] },
      },
      {
        key: "dsa-13-trees",
        title: { en: "Trees and Binary Trees", he: "עצים ועצים בינאריים" },
        description: {
          en: "Tree vocabulary — root, leaf, height, depth — and how to represent a binary tree in Java.",
          he: "המונחים של עצים — שורש, עלה, גובה, עומק — ואיך מייצגים עץ בינארי ב-Java.",
        },
        duration: "13:45",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-13-trees"] },
      },
      {
        key: "dsa-14-tree-traversals",
        title: { en: "Tree Traversals", he: "סריקות של עצים" },
        description: {
          en: "Preorder, inorder, postorder and level-order traversal, recursively and iteratively.",
          he: "סריקות preorder, inorder, postorder וסריקה לפי רמות, ברקורסיה ובלולאה.",
        },
        duration: "18:02",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-14-tree-traversals"] },
      },
      {
        key: "dsa-15-bst",
        title: { en: "Binary Search Trees", he: "עצי חיפוש בינאריים" },
        description: {
          en: "Search, insert and delete in a binary search tree, and why an unbalanced tree can degrade to O(n).",
          he: "חיפוש, הוספה ומחיקה בעץ חיפוש בינארי, ולמה עץ לא מאוזן עלול להידרדר ל-O(n).",
        },
        duration: "22:38",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-15-bst"] },
      },
      {
        key: "dsa-16-avl-trees",
        title: { en: "Balanced Trees: AVL Rotations", he: "עצים מאוזנים: רוטציות AVL" },
        description: {
          en: "How AVL trees keep themselves balanced with left and right rotations after every change.",
          he: "איך עצי AVL שומרים על איזון בעזרת רוטציות שמאלה וימינה אחרי כל שינוי.",
        },
        duration: "20:17",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-16-avl-trees"] },
      },
      {
        key: "dsa-17-heaps",
        title: { en: "Heaps and Priority Queues", he: "ערימות ותורי עדיפויות" },
        description: {
          en: "The binary heap stored in an array, sift-up and sift-down, and Java's PriorityQueue.",
          he: "ערימה בינארית השמורה במערך, פעולות sift-up ו-sift-down, וה-PriorityQueue של Java.",
        },
        duration: "19:08",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-17-heaps"] },
      },
      {
        key: "dsa-18-tries",
        title: { en: "Tries", he: "עצי Trie" },
        description: {
          en: "A prefix tree for fast word lookup and autocomplete, built node by node.",
          he: "עץ תחיליות לחיפוש מהיר של מילים ולהשלמה אוטומטית, שנבנה צומת אחר צומת.",
        },
        duration: "12:54",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-18-tries"] },
      },
      {
        key: "dsa-19-graphs",
        title: { en: "Graphs and Their Representation", he: "גרפים ודרכים לייצג אותם" },
        description: {
          en: "Directed and undirected, weighted and unweighted graphs, stored as adjacency lists and matrices.",
          he: "גרפים מכוונים ולא מכוונים, ממושקלים ולא ממושקלים, בייצוג של רשימות שכנות ומטריצת שכנות.",
        },
        duration: "15:29",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-19-graphs"] },
      },
      {
        key: "dsa-20-bfs",
        title: { en: "Breadth-First Search (BFS)", he: "חיפוש לרוחב (BFS)" },
        description: {
          en: "Exploring a graph level by level with a queue, and finding shortest paths in unweighted graphs.",
          he: "סריקת גרף רמה אחר רמה בעזרת תור, ומציאת מסלולים קצרים ביותר בגרף לא ממושקל.",
        },
        duration: "16:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-20-bfs"] },
      },
      {
        key: "dsa-21-dfs",
        title: { en: "Depth-First Search (DFS)", he: "חיפוש לעומק (DFS)" },
        description: {
          en: "Going as deep as possible before backtracking, to find connected components and detect cycles.",
          he: "מעמיקים ככל האפשר לפני שחוזרים אחורה, כדי למצוא רכיבי קשירות ולזהות מעגלים.",
        },
        duration: "17:21",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-21-dfs"] },
      },
      {
        key: "dsa-22-topological-sort",
        title: { en: "Topological Sort", he: "מיון טופולוגי" },
        description: {
          en: "Ordering tasks with dependencies in a directed acyclic graph using Kahn's algorithm and DFS.",
          he: "סידור משימות עם תלויות בגרף מכוון חסר מעגלים, בעזרת האלגוריתם של Kahn וב-DFS.",
        },
        duration: "14:13",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-22-topological-sort"] },
      },
      {
        key: "dsa-23-dijkstra",
        title: { en: "Dijkstra's Shortest Path Algorithm", he: "האלגוריתם של דייקסטרה למסלול הקצר ביותר" },
        description: {
          en: "Finding the shortest paths from one source in a weighted graph with a priority queue.",
          he: "מציאת המסלולים הקצרים ביותר ממקור אחד בגרף ממושקל בעזרת תור עדיפויות.",
        },
        duration: "21:36",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-23-dijkstra"] },
      },
      {
        key: "dsa-24-union-find-mst",
        title: { en: "Union-Find and Minimum Spanning Trees", he: "Union-Find ועצים פורשים מינימליים" },
        description: {
          en: "The disjoint-set structure with path compression, and Kruskal's algorithm for a minimum spanning tree.",
          he: "מבנה הקבוצות הזרות עם כיווץ מסלולים, והאלגוריתם של Kruskal למציאת עץ פורש מינימלי.",
        },
        duration: "19:57",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-24-union-find-mst"] },
      },
      {
        key: "dsa-25-bubble-sort",
        title: { en: "Bubble Sort", he: "מיון בועות" },
        description: {
          en: "The simplest comparison sort: swapping neighbours until the array is in order, and why it is O(n²).",
          he: "מיון ההשוואה הפשוט ביותר: מחליפים שכנים עד שהמערך ממוין, ולמה הוא O(n²).",
        },
        duration: "10:42",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-25-bubble-sort"] },
      },
      {
        key: "dsa-26-selection-sort",
        title: { en: "Selection Sort", he: "מיון בחירה" },
        description: {
          en: "Repeatedly selecting the smallest remaining element and moving it into place.",
          he: "בוחרים שוב ושוב את האיבר הקטן ביותר שנותר ומעבירים אותו למקומו.",
        },
        duration: "9:36",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-26-selection-sort"] },
      },
      {
        key: "dsa-27-insertion-sort",
        title: { en: "Insertion Sort", he: "מיון הכנסה" },
        description: {
          en: "Building a sorted prefix one element at a time, and why it is fast on nearly sorted data.",
          he: "בונים חלק ממוין איבר אחר איבר, ולמה המיון הזה מהיר על נתונים שכמעט ממוינים.",
        },
        duration: "11:03",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-27-insertion-sort"] },
      },
      {
        key: "dsa-28-merge-sort",
        title: { en: "Merge Sort", he: "מיון מיזוג" },
        description: {
          en: "Divide and conquer: splitting the array in halves, sorting each, and merging them in O(n log n).",
          he: "הפרד ומשול: מחלקים את המערך לחצאים, ממיינים כל חצי וממזגים ב-O(n log n).",
        },
        duration: "18:49",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-28-merge-sort"] },
      },
      {
        key: "dsa-29-quick-sort",
        title: { en: "Quick Sort", he: "מיון מהיר" },
        description: {
          en: "Partitioning around a pivot, choosing good pivots, and the worst case to avoid.",
          he: "חלוקה סביב איבר ציר, בחירה נכונה של הציר, והמקרה הגרוע שכדאי להימנע ממנו.",
        },
        duration: "19:24",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-29-quick-sort"] },
      },
      {
        key: "dsa-30-heap-sort",
        title: { en: "Heap Sort", he: "מיון ערימה" },
        description: {
          en: "Sorting in place in O(n log n) by building a max-heap and extracting the largest element repeatedly.",
          he: "מיון במקום ב-O(n log n) על ידי בניית ערימת מקסימום ושליפה חוזרת של האיבר הגדול ביותר.",
        },
        duration: "13:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-30-heap-sort"] },
      },
      {
        key: "dsa-31-counting-radix-sort",
        title: { en: "Counting Sort and Radix Sort", he: "מיון מנייה ומיון בסיס" },
        description: {
          en: "Non-comparison sorts that beat O(n log n) when the keys are small integers.",
          he: "מיונים שאינם מבוססי השוואה ועוקפים את O(n log n) כשהמפתחות הם מספרים שלמים קטנים.",
        },
        duration: "14:37",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-31-counting-radix-sort"] },
      },
      {
        key: "dsa-32-binary-search",
        title: { en: "Binary Search", he: "חיפוש בינארי" },
        description: {
          en: "Halving the search space in a sorted array, avoiding off-by-one bugs, and searching on the answer.",
          he: "חוצים את טווח החיפוש במערך ממוין, נמנעים משגיאות של אחד-הלוך-אחד, ומחפשים על התשובה עצמה.",
        },
        duration: "15:16",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-32-binary-search"] },
      },
      {
        key: "dsa-33-backtracking",
        title: { en: "Backtracking", he: "חיפוש לאחור (Backtracking)" },
        description: {
          en: "Generating subsets and permutations and solving N-Queens by trying choices and undoing them.",
          he: "יוצרים תת-קבוצות ותמורות ופותרים את בעיית N המלכות על ידי ניסוי בחירות וביטולן.",
        },
        duration: "20:44",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-33-backtracking"] },
      },
      {
        key: "dsa-34-greedy",
        title: { en: "Greedy Algorithms", he: "אלגוריתמים חמדניים" },
        description: {
          en: "Making the locally best choice at each step, with interval scheduling and coin change examples.",
          he: "בוחרים בכל שלב את האפשרות הטובה ביותר מקומית, עם דוגמאות של תזמון מקטעים ופריטת מטבעות.",
        },
        duration: "16:22",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-34-greedy"] },
      },
      {
        key: "dsa-35-dynamic-programming",
        title: { en: "Dynamic Programming: Memoization and Tabulation", he: "תכנות דינמי: ממואיזציה וטבלאות" },
        description: {
          en: "Breaking problems into overlapping subproblems, with knapsack and longest common subsequence solved in Java.",
          he: "מפרקים בעיות לתת-בעיות חופפות, ופותרים ב-Java את בעיית התרמיל ואת תת-הסדרה המשותפת הארוכה ביותר.",
        },
        duration: "28:51",
        source: { kind: "youtube", videoId: SAMPLE_IDS["dsa-35-dynamic-programming"] },
      },
    ],
  },
  {
    key: "java",
    title: { en: "Java Programming from Zero", he: "תכנות ב-Java מאפס" },
    description: {
      en: "Learn Java from your very first line of code to object-oriented programming, collections and a complete final project.",
      he: "לומדים Java משורת הקוד הראשונה ועד תכנות מונחה עצמים, אוספים ופרויקט גמר שלם.",
    },
    videos: [
      {
        key: "java-01-intro",
        title: { en: "What Is Java? Installing the JDK", he: "מה זה Java? התקנת ה-JDK" },
        description: {
          en: "Where Java runs, how the JVM works, and setting up the JDK and an IDE.",
          he: "איפה Java רצה, איך עובד ה-JVM, והתקנת ה-JDK וסביבת פיתוח.",
        },
        duration: "11:24",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-01-intro"] },
      },
      {
        key: "java-02-hello-world",
        title: { en: "Your First Program: Hello World", he: "התוכנית הראשונה שלכם: Hello World" },
        description: {
          en: "Writing, compiling and running a first Java program, and what each line of it means.",
          he: "כותבים, מהדרים ומריצים תוכנית Java ראשונה, ומבינים מה אומרת כל שורה בה.",
        },
        duration: "8:52",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-02-hello-world"] },
      },
      {
        key: "java-03-variables",
        title: { en: "Variables and Primitive Types", he: "משתנים וטיפוסים פרימיטיביים" },
        description: {
          en: "Declaring variables and choosing between int, double, boolean, char and the other primitive types.",
          he: "הגדרת משתנים ובחירה בין int, double, boolean, char ושאר הטיפוסים הפרימיטיביים.",
        },
        duration: "13:10",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-03-variables"] },
      },
      {
        key: "java-04-operators",
        title: { en: "Operators and Expressions", he: "אופרטורים וביטויים" },
        description: {
          en: "Arithmetic, comparison and logical operators, operator precedence and type casting.",
          he: "אופרטורים חשבוניים, אופרטורי השוואה ואופרטורים לוגיים, סדר קדימויות והמרת טיפוסים.",
        },
        duration: "12:37",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-04-operators"] },
      },
      {
        key: "java-05-strings",
        title: { en: "Working with Strings", he: "עבודה עם מחרוזות" },
        description: {
          en: "Creating strings, joining them, and the most useful String methods such as length, substring and equals.",
          he: "יצירת מחרוזות, שרשור, והמתודות השימושיות ביותר של String כמו length, substring ו-equals.",
        },
        duration: "14:05",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-05-strings"] },
      },
      {
        key: "java-06-scanner-input",
        title: { en: "Reading User Input with Scanner", he: "קליטת קלט מהמשתמש עם Scanner" },
        description: {
          en: "Reading numbers and text from the keyboard with Scanner and avoiding the common newline pitfall.",
          he: "קריאת מספרים וטקסט מהמקלדת עם Scanner והימנעות מהמלכודת הנפוצה של ירידת השורה.",
        },
        duration: "9:46",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-06-scanner-input"] },
      },
      {
        key: "java-07-conditionals",
        title: { en: "Conditions: if, else and switch", he: "תנאים: if, else ו-switch" },
        description: {
          en: "Making decisions in code with if-else chains and switch statements and expressions.",
          he: "קבלת החלטות בקוד בעזרת שרשראות if-else ופקודות וביטויי switch.",
        },
        duration: "15:21",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-07-conditionals"] },
      },
      {
        key: "java-08-loops",
        title: { en: "Loops: for, while and do-while", he: "לולאות: for, while ו-do-while" },
        description: {
          en: "Repeating work with the three kinds of loops, plus break and continue.",
          he: "חזרה על פעולות בעזרת שלושת סוגי הלולאות, וגם break ו-continue.",
        },
        duration: "17:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-08-loops"] },
      },
      {
        key: "java-09-arrays",
        title: { en: "Arrays", he: "מערכים" },
        description: {
          en: "Storing many values in one array, looping over it, and the enhanced for loop.",
          he: "שמירת ערכים רבים במערך אחד, מעבר עליו בלולאה, ולולאת for המשופרת.",
        },
        duration: "16:02",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-09-arrays"] },
      },
      {
        key: "java-10-2d-arrays",
        title: { en: "Two-Dimensional Arrays", he: "מערכים דו-ממדיים" },
        description: {
          en: "Grids and tables as arrays of arrays, with nested loops to read and fill them.",
          he: "טבלאות ורשתות כמערך של מערכים, עם לולאות מקוננות לקריאה ולמילוי.",
        },
        duration: "12:29",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-10-2d-arrays"] },
      },
      {
        key: "java-11-methods",
        title: { en: "Methods and Parameters", he: "מתודות ופרמטרים" },
        description: {
          en: "Splitting code into reusable methods that take parameters and return values.",
          he: "פירוק הקוד למתודות לשימוש חוזר שמקבלות פרמטרים ומחזירות ערכים.",
        },
        duration: "15:44",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-11-methods"] },
      },
      {
        key: "java-12-overloading-scope",
        title: { en: "Method Overloading and Variable Scope", he: "העמסת מתודות ותחום הכרה של משתנים" },
        description: {
          en: "Several methods with the same name, and where each variable can be seen in the code.",
          he: "כמה מתודות עם אותו שם, ואיפה בקוד כל משתנה מוכר.",
        },
        duration: "11:15",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-12-overloading-scope"] },
      },
      {
        key: "java-13-classes-objects",
        title: { en: "Classes and Objects", he: "מחלקות ואובייקטים" },
        description: {
          en: "The heart of object-oriented programming: defining a class and creating objects from it.",
          he: "הלב של תכנות מונחה עצמים: הגדרת מחלקה ויצירת אובייקטים ממנה.",
        },
        duration: "18:33",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-13-classes-objects"] },
      },
      {
        key: "java-14-constructors",
        title: { en: "Constructors and the this Keyword", he: "בנאים והמילה this" },
        description: {
          en: "Initializing objects with constructors, overloading them, and using this to refer to the current object.",
          he: "אתחול אובייקטים בעזרת בנאים, העמסת בנאים ושימוש ב-this כדי להתייחס לאובייקט הנוכחי.",
        },
        duration: "13:51",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-14-constructors"] },
      },
      {
        key: "java-15-encapsulation",
        title: {
          en: "Encapsulation: Access Modifiers, Getters and Setters",
          he: "כימוס: הרשאות גישה, getters ו-setters",
        },
        description: {
          en: "Hiding an object's data behind private fields and exposing it safely through methods.",
          he: "הסתרת הנתונים של אובייקט בשדות private וחשיפתם בצורה בטוחה דרך מתודות.",
        },
        duration: "14:26",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-15-encapsulation"] },
      },
      {
        key: "java-16-static",
        title: { en: "Static Fields and Methods", he: "שדות ומתודות סטטיים" },
        description: {
          en: "What belongs to the class rather than to each object, and when to use static.",
          he: "מה שייך למחלקה עצמה ולא לכל אובייקט, ומתי נכון להשתמש ב-static.",
        },
        duration: "10:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-16-static"] },
      },
      {
        key: "java-17-inheritance",
        title: { en: "Inheritance", he: "ירושה" },
        description: {
          en: "Extending a class with extends, calling super, and reusing behaviour from a parent class.",
          he: "הרחבת מחלקה עם extends, קריאה ל-super ושימוש חוזר בהתנהגות של מחלקת האב.",
        },
        duration: "17:09",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-17-inheritance"] },
      },
      {
        key: "java-18-polymorphism",
        title: { en: "Polymorphism and Method Overriding", he: "פולימורפיזם ודריסת מתודות" },
        description: {
          en: "Overriding methods and treating different subclasses through one parent type.",
          he: "דריסת מתודות וטיפול במחלקות בת שונות דרך טיפוס אב אחד.",
        },
        duration: "16:35",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-18-polymorphism"] },
      },
      {
        key: "java-19-abstract-classes",
        title: { en: "Abstract Classes", he: "מחלקות מופשטות" },
        description: {
          en: "Classes that cannot be instantiated and abstract methods that every subclass must implement.",
          he: "מחלקות שאי אפשר ליצור מהן מופע, ומתודות מופשטות שכל מחלקת בת חייבת לממש.",
        },
        duration: "12:12",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-19-abstract-classes"] },
      },
      {
        key: "java-20-interfaces",
        title: { en: "Interfaces", he: "ממשקים" },
        description: {
          en: "Defining contracts with interfaces, implementing several of them, and default methods.",
          he: "הגדרת חוזים בעזרת ממשקים, מימוש של כמה ממשקים יחד, ומתודות default.",
        },
        duration: "15:40",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-20-interfaces"] },
      },
      {
        key: "java-21-object-class",
        title: {
          en: "The Object Class: equals, hashCode and toString",
          he: "המחלקה Object: equals, hashCode ו-toString",
        },
        description: {
          en: "The methods every Java class inherits and how to override them correctly.",
          he: "המתודות שכל מחלקה ב-Java יורשת ואיך לדרוס אותן נכון.",
        },
        duration: "13:19",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-21-object-class"] },
      },
      {
        key: "java-22-exceptions",
        title: { en: "Exception Handling with try, catch and finally", he: "טיפול בחריגות עם try, catch ו-finally" },
        description: {
          en: "Catching runtime errors so a program can recover instead of crashing.",
          he: "תפיסת שגיאות בזמן ריצה כדי שהתוכנית תתאושש במקום לקרוס.",
        },
        duration: "16:27",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-22-exceptions"] },
      },
      {
        key: "java-23-custom-exceptions",
        title: {
          en: "Checked, Unchecked and Custom Exceptions",
          he: "חריגות מסומנות, לא מסומנות וחריגות מותאמות אישית",
        },
        description: {
          en: "The difference between checked and unchecked exceptions, throws, and writing your own exception classes.",
          he: "ההבדל בין חריגות checked ל-unchecked, המילה throws, וכתיבת מחלקות חריגה משלכם.",
        },
        duration: "12:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-23-custom-exceptions"] },
      },
      {
        key: "java-24-wrapper-classes",
        title: { en: "Wrapper Classes and Autoboxing", he: "מחלקות עוטפות ו-Autoboxing" },
        description: {
          en: "Integer, Double and friends, automatic boxing and unboxing, and the null pitfalls that come with them.",
          he: "Integer, Double וחבריהם, המרה אוטומטית מטיפוס פרימיטיבי לאובייקט ובחזרה, ומלכודות ה-null שמגיעות איתן.",
        },
        duration: "10:33",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-24-wrapper-classes"] },
      },
      {
        key: "java-25-arraylist",
        title: { en: "ArrayList", he: "ArrayList" },
        description: {
          en: "A resizable list: adding, removing, searching and looping over elements.",
          he: "רשימה שגדלה לפי הצורך: הוספה, הסרה, חיפוש ומעבר על האיברים.",
        },
        duration: "14:54",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-25-arraylist"] },
      },
      {
        key: "java-26-hashmap",
        title: { en: "HashMap", he: "HashMap" },
        description: {
          en: "Storing key-value pairs, looking them up quickly, and iterating over a map's entries.",
          he: "שמירת זוגות של מפתח וערך, שליפה מהירה שלהם ומעבר על הרשומות של המפה.",
        },
        duration: "13:37",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-26-hashmap"] },
      },
      {
        key: "java-27-enums",
        title: { en: "Enums", he: "טיפוסי מנייה (Enums)" },
        description: {
          en: "Representing a fixed set of constants with enum, including fields, methods and switch.",
          he: "ייצוג קבוצה קבועה של ערכים עם enum, כולל שדות, מתודות ושימוש ב-switch.",
        },
        duration: "9:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-27-enums"] },
      },
      {
        key: "java-28-records",
        title: { en: "Records", he: "Records" },
        description: {
          en: "Compact immutable data classes with the record keyword, introduced in modern Java.",
          he: "מחלקות נתונים קומפקטיות ובלתי ניתנות לשינוי עם המילה record, שנוספה ב-Java המודרנית.",
        },
        duration: "8:41",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-28-records"] },
      },
      {
        key: "java-29-lambdas",
        title: { en: "Lambda Expressions", he: "ביטויי למבדה" },
        description: {
          en: "Passing behaviour as a value with lambdas, functional interfaces and method references.",
          he: "העברת התנהגות כערך בעזרת ביטויי למבדה, ממשקים פונקציונליים והפניות למתודות.",
        },
        duration: "15:03",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-29-lambdas"] },
      },
      {
        key: "java-30-files",
        title: { en: "Reading and Writing Files", he: "קריאה וכתיבה של קבצים" },
        description: {
          en: "Working with text files using the Files class and try-with-resources.",
          he: "עבודה עם קובצי טקסט בעזרת המחלקה Files ו-try-with-resources.",
        },
        duration: "13:22",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-30-files"] },
      },
      {
        key: "java-31-packages-maven",
        title: { en: "Packages, Imports and Maven Basics", he: "חבילות, ייבוא ויסודות Maven" },
        description: {
          en: "Organizing code into packages and managing a project and its libraries with Maven.",
          he: "ארגון הקוד בחבילות וניהול פרויקט והספריות שלו בעזרת Maven.",
        },
        duration: "14:16",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-31-packages-maven"] },
      },
      {
        key: "java-32-final-project",
        title: { en: "Final Project: A Console Library Manager", he: "פרויקט גמר: מערכת לניהול ספרייה בקונסול" },
        description: {
          en: "Putting everything together to build a small library management app from scratch.",
          he: "מחברים את כל מה שלמדנו ובונים מאפס אפליקציה קטנה לניהול ספרייה.",
        },
        duration: "42:35",
        source: { kind: "youtube", videoId: SAMPLE_IDS["java-32-final-project"] },
      },
    ],
  },
  {
    key: "react",
    title: { en: "The Complete React Course", he: "קורס React המלא" },
    description: {
      en: "Build modern user interfaces with React: components, hooks, routing, data fetching, performance and testing.",
      he: "בונים ממשקי משתמש מודרניים עם React: קומפוננטות, hooks, ניתוב, טעינת נתונים, ביצועים ובדיקות.",
    },
    videos: [
      {
        key: "react-01-intro",
        title: { en: "What Is React? Setting Up a Project with Vite", he: "מה זה React? הקמת פרויקט עם Vite" },
        description: {
          en: "Why React exists, how it renders the UI, and creating a first project with Vite.",
          he: "למה React קיימת, איך היא מציגה את הממשק, ויצירת פרויקט ראשון עם Vite.",
        },
        duration: "12:08",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-01-intro"] },
      },
      {
        key: "react-02-jsx",
        title: { en: "JSX", he: "JSX" },
        description: {
          en: "Writing markup inside JavaScript with JSX, embedding expressions and the rules JSX follows.",
          he: "כתיבת markup בתוך JavaScript עם JSX, שילוב ביטויים והכללים ש-JSX מחייב.",
        },
        duration: "11:26",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-02-jsx"] },
      },
      {
        key: "react-03-components",
        title: { en: "Function Components", he: "קומפוננטות פונקציה" },
        description: {
          en: "Splitting the interface into small, reusable function components and composing them.",
          he: "פירוק הממשק לקומפוננטות פונקציה קטנות שאפשר לעשות בהן שימוש חוזר, והרכבתן יחד.",
        },
        duration: "13:47",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-03-components"] },
      },
      {
        key: "react-04-props",
        title: { en: "Passing Data with Props", he: "העברת נתונים עם Props" },
        description: {
          en: "Sending data from parent to child components with props, including children and default values.",
          he: "העברת נתונים מקומפוננטת אב לקומפוננטת בן בעזרת props, כולל children וערכי ברירת מחדל.",
        },
        duration: "14:19",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-04-props"] },
      },
      {
        key: "react-05-state",
        title: { en: "State with useState", he: "State עם useState" },
        description: {
          en: "Giving components memory with useState and understanding how state updates trigger re-renders.",
          he: "נותנים לקומפוננטות זיכרון עם useState ומבינים איך עדכון state גורם לרינדור מחדש.",
        },
        duration: "17:32",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-05-state"] },
      },
      {
        key: "react-06-events",
        title: { en: "Handling Events", he: "טיפול באירועים" },
        description: {
          en: "Responding to clicks, typing and other user actions with event handlers.",
          he: "תגובה ללחיצות, הקלדה ופעולות משתמש אחרות בעזרת מטפלי אירועים.",
        },
        duration: "10:54",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-06-events"] },
      },
      {
        key: "react-07-conditional-rendering",
        title: { en: "Conditional Rendering", he: "רינדור מותנה" },
        description: {
          en: "Showing different UI depending on state with if, the ternary operator and &&.",
          he: "הצגת ממשק שונה לפי ה-state בעזרת if, האופרטור הטרנרי ו-&&.",
        },
        duration: "9:41",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-07-conditional-rendering"] },
      },
      {
        key: "react-08-lists-keys",
        title: { en: "Rendering Lists and Keys", he: "הצגת רשימות ומפתחות (keys)" },
        description: {
          en: "Turning arrays into elements with map and why every item needs a stable key.",
          he: "הפיכת מערכים לאלמנטים עם map, ולמה כל פריט צריך key יציב.",
        },
        duration: "11:38",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-08-lists-keys"] },
      },
      {
        key: "react-09-forms",
        title: { en: "Forms and Controlled Inputs", he: "טפסים ושדות מבוקרים" },
        description: {
          en: "Building forms with controlled inputs, handling submit, and validating user input.",
          he: "בניית טפסים עם שדות מבוקרים, טיפול בשליחה ואימות הקלט של המשתמש.",
        },
        duration: "18:15",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-09-forms"] },
      },
      {
        key: "react-10-styling",
        title: { en: "Styling React Components", he: "עיצוב קומפוננטות React" },
        description: {
          en: "Comparing plain CSS, CSS Modules and utility classes for styling components.",
          he: "השוואה בין CSS רגיל, CSS Modules ומחלקות עזר לעיצוב קומפוננטות.",
        },
        duration: "13:03",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-10-styling"] },
      },
      {
        key: "react-11-useeffect",
        title: { en: "Side Effects with useEffect", he: "תופעות לוואי עם useEffect" },
        description: {
          en: "Running code after render, the dependency array, and cleaning up subscriptions and timers.",
          he: "הרצת קוד אחרי הרינדור, מערך התלויות, וניקוי של מנויים וטיימרים.",
        },
        duration: "19:27",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-11-useeffect"] },
      },
      {
        key: "react-12-useref",
        title: { en: "useRef and Working with the DOM", he: "useRef ועבודה עם ה-DOM" },
        description: {
          en: "Keeping mutable values between renders and reaching DOM elements directly with refs.",
          he: "שמירת ערכים משתנים בין רינדורים וגישה ישירה לאלמנטים ב-DOM בעזרת refs.",
        },
        duration: "10:12",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-12-useref"] },
      },
      {
        key: "react-13-lifting-state",
        title: { en: "Lifting State Up", he: "העלאת state לקומפוננטת האב" },
        description: {
          en: "Sharing state between sibling components by moving it to their closest common parent.",
          he: "שיתוף state בין קומפוננטות אחיות על ידי העברתו לאב המשותף הקרוב ביותר.",
        },
        duration: "12:46",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-13-lifting-state"] },
      },
      {
        key: "react-14-context",
        title: { en: "The Context API", he: "ה-Context API" },
        description: {
          en: "Passing data deep into the tree without prop drilling, using createContext and useContext.",
          he: "העברת נתונים לעומק העץ בלי prop drilling, בעזרת createContext ו-useContext.",
        },
        duration: "15:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-14-context"] },
      },
      {
        key: "react-15-usereducer",
        title: { en: "Managing Complex State with useReducer", he: "ניהול state מורכב עם useReducer" },
        description: {
          en: "Moving state logic into a reducer function with actions when useState gets messy.",
          he: "העברת לוגיקת ה-state לפונקציית reducer עם פעולות, כש-useState כבר לא מספיק.",
        },
        duration: "16:34",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-15-usereducer"] },
      },
      {
        key: "react-16-custom-hooks",
        title: { en: "Writing Custom Hooks", he: "כתיבת Hooks משלכם" },
        description: {
          en: "Extracting reusable stateful logic into your own hooks and the rules of hooks.",
          he: "חילוץ לוגיקה עם state לשימוש חוזר לתוך hooks משלכם, וחוקי ה-hooks.",
        },
        duration: "14:21",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-16-custom-hooks"] },
      },
      {
        key: "react-17-router",
        title: { en: "Routing with React Router", he: "ניתוב עם React Router" },
        description: {
          en: "Pages, links, URL parameters and nested routes in a single-page application.",
          he: "עמודים, קישורים, פרמטרים בכתובת ונתיבים מקוננים באפליקציית עמוד יחיד.",
        },
        duration: "21:09",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-17-router"] },
      },
      {
        key: "react-18-data-fetching",
        title: { en: "Fetching Data from an API", he: "טעינת נתונים מ-API" },
        description: {
          en: "Loading data from a server, handling loading and error states, and avoiding race conditions.",
          he: "טעינת נתונים משרת, טיפול במצבי טעינה ושגיאה, והימנעות ממרוצי תהליכים.",
        },
        duration: "18:42",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-18-data-fetching"] },
      },
      {
        key: "react-19-suspense-error-boundaries",
        title: { en: "Suspense, Lazy Loading and Error Boundaries", he: "Suspense, טעינה עצלה ו-Error Boundaries" },
        description: {
          en: "Splitting code with lazy and Suspense, and catching rendering errors with error boundaries.",
          he: "פיצול קוד עם lazy ו-Suspense, ותפיסת שגיאות רינדור עם error boundaries.",
        },
        duration: "13:55",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-19-suspense-error-boundaries"] },
      },
      {
        key: "react-20-performance",
        title: { en: "Performance: memo, useMemo and useCallback", he: "ביצועים: memo, useMemo ו-useCallback" },
        description: {
          en: "Finding unnecessary re-renders with the Profiler and preventing them with memoization.",
          he: "איתור רינדורים מיותרים עם ה-Profiler ומניעתם בעזרת memoization.",
        },
        duration: "17:16",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-20-performance"] },
      },
      {
        key: "react-21-testing",
        title: { en: "Testing with React Testing Library", he: "בדיקות עם React Testing Library" },
        description: {
          en: "Writing tests that render components and interact with them the way a user would.",
          he: "כתיבת בדיקות שמרנדרות קומפוננטות ומתקשרות איתן כמו שמשתמש היה עושה.",
        },
        duration: "19:49",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-21-testing"] },
      },
      {
        key: "react-22-deploy",
        title: { en: "Building and Deploying Your App", he: "בנייה ופריסה של האפליקציה" },
        description: {
          en: "Creating a production build, environment variables, and publishing the app online.",
          he: "יצירת build לפרודקשן, משתני סביבה ופרסום האפליקציה ברשת.",
        },
        duration: "11:57",
        source: { kind: "youtube", videoId: SAMPLE_IDS["react-22-deploy"] },
      },
    ],
  },
  {
    key: "express",
    title: { en: "Express.js", he: "Express.js" },
    description: {
      en: "Build web servers and REST APIs on Node.js with Express: routing, middleware, error handling and authentication.",
      he: "בונים שרתי ווב ו-REST API על Node.js עם Express: ניתוב, middleware, טיפול בשגיאות ואימות משתמשים.",
    },
    videos: [
      {
        key: "express-01-intro",
        title: { en: "Getting Started with Express", he: "צעדים ראשונים עם Express" },
        description: {
          en: "Installing Express, creating a first server, and understanding the request and response objects.",
          he: "התקנת Express, יצירת שרת ראשון והבנת האובייקטים של הבקשה והתגובה.",
        },
        duration: "12:34",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-01-intro"] },
      },
      {
        key: "express-02-routing",
        title: { en: "Routing, Route Parameters and Query Strings", he: "ניתוב, פרמטרים בנתיב ו-Query Strings" },
        description: {
          en: "Handling different URLs and HTTP methods, reading params and query strings, and using Router.",
          he: "טיפול בכתובות ובשיטות HTTP שונות, קריאת params ו-query strings ושימוש ב-Router.",
        },
        duration: "16:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-02-routing"] },
      },
      {
        key: "express-03-middleware",
        title: { en: "Middleware", he: "Middleware" },
        description: {
          en: "How the middleware chain works, writing your own middleware, and using built-in ones like express.json.",
          he: "איך עובדת שרשרת ה-middleware, כתיבת middleware משלכם ושימוש במובנים כמו express.json.",
        },
        duration: "15:12",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-03-middleware"] },
      },
      {
        key: "express-04-rest-api",
        title: { en: "Building a REST API", he: "בניית REST API" },
        description: {
          en: "Designing CRUD endpoints that send and receive JSON with the right status codes.",
          he: "תכנון נקודות קצה ל-CRUD ששולחות ומקבלות JSON עם קודי הסטטוס הנכונים.",
        },
        duration: "24:05",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-04-rest-api"] },
      },
      {
        key: "express-05-error-handling",
        title: { en: "Error Handling and Validation", he: "טיפול בשגיאות ואימות קלט" },
        description: {
          en: "Validating request bodies and returning clear errors from a central error-handling middleware.",
          he: "אימות גוף הבקשה והחזרת שגיאות ברורות מ-middleware מרכזי לטיפול בשגיאות.",
        },
        duration: "14:39",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-05-error-handling"] },
      },
      {
        key: "express-06-jwt-auth",
        title: { en: "Authentication with JWT", he: "אימות משתמשים עם JWT" },
        description: {
          en: "Hashing passwords, issuing JSON Web Tokens at login, and protecting routes with middleware.",
          he: "גיבוב סיסמאות, הנפקת JSON Web Tokens בהתחברות והגנה על נתיבים בעזרת middleware.",
        },
        duration: "22:51",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-06-jwt-auth"] },
      },
      {
        key: "express-07-security-deploy",
        title: { en: "Security, CORS and Deployment", he: "אבטחה, CORS ופריסה" },
        description: {
          en: "Configuring CORS, adding security headers and rate limiting, and deploying the API to production.",
          he: "הגדרת CORS, הוספת כותרות אבטחה והגבלת קצב בקשות, ופריסת ה-API לפרודקשן.",
        },
        duration: "17:26",
        source: { kind: "youtube", videoId: SAMPLE_IDS["express-07-security-deploy"] },
      },
    ],
  },
  {
    key: "nodejs",
    title: { en: "Node.js", he: "Node.js" },
    description: {
      en: "Run JavaScript on the server: modules, npm, the event loop, files, streams and your first HTTP server.",
      he: "מריצים JavaScript בצד השרת: מודולים, npm, לולאת האירועים, קבצים, streams ושרת HTTP ראשון.",
    },
    videos: [
      {
        key: "nodejs-01-intro",
        title: { en: "What Is Node.js?", he: "מה זה Node.js?" },
        description: {
          en: "How Node.js runs JavaScript outside the browser, installing it, and using the REPL.",
          he: "איך Node.js מריץ JavaScript מחוץ לדפדפן, התקנה ושימוש ב-REPL.",
        },
        duration: "10:17",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-01-intro"] },
      },
      {
        key: "nodejs-02-modules",
        title: { en: "Modules: CommonJS and ES Modules", he: "מודולים: CommonJS ו-ES Modules" },
        description: {
          en: "Splitting code into files with require and import, and how the two module systems differ.",
          he: "פיצול הקוד לקבצים עם require ו-import, ומה ההבדל בין שתי שיטות המודולים.",
        },
        duration: "13:44",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-02-modules"] },
      },
      {
        key: "nodejs-03-npm",
        title: { en: "npm and package.json", he: "npm ו-package.json" },
        description: {
          en: "Installing packages, semantic versioning, scripts, and the lock file.",
          he: "התקנת חבילות, ניהול גרסאות סמנטי, סקריפטים וקובץ הנעילה.",
        },
        duration: "12:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-03-npm"] },
      },
      {
        key: "nodejs-04-event-loop",
        title: { en: "The Event Loop Explained", he: "לולאת האירועים בהסבר פשוט" },
        description: {
          en: "How a single thread handles many operations at once, and the phases of the event loop.",
          he: "איך תהליכון יחיד מטפל בפעולות רבות במקביל, ומהם השלבים של לולאת האירועים.",
        },
        duration: "16:21",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-04-event-loop"] },
      },
      {
        key: "nodejs-05-async",
        title: { en: "Callbacks, Promises and async/await", he: "Callbacks, Promises ו-async/await" },
        description: {
          en: "Three ways to write asynchronous code in Node.js and how to move from callbacks to async/await.",
          he: "שלוש דרכים לכתוב קוד אסינכרוני ב-Node.js ואיך עוברים מ-callbacks ל-async/await.",
        },
        duration: "18:06",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-05-async"] },
      },
      {
        key: "nodejs-06-fs",
        title: { en: "Working with Files: the fs Module", he: "עבודה עם קבצים: המודול fs" },
        description: {
          en: "Reading, writing and watching files and folders with fs/promises.",
          he: "קריאה, כתיבה ומעקב אחר קבצים ותיקיות בעזרת fs/promises.",
        },
        duration: "14:30",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-06-fs"] },
      },
      {
        key: "nodejs-07-path-os-process",
        title: { en: "The path, os and process Modules", he: "המודולים path, os ו-process" },
        description: {
          en: "Building file paths safely, reading system information, and using environment variables and arguments.",
          he: "בניית נתיבי קבצים בצורה בטוחה, קריאת מידע על המערכת ושימוש במשתני סביבה ובארגומנטים.",
        },
        duration: "11:09",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-07-path-os-process"] },
      },
      {
        key: "nodejs-08-events",
        title: { en: "Events and EventEmitter", he: "אירועים ו-EventEmitter" },
        description: {
          en: "Emitting and listening to custom events, the pattern behind much of Node.js.",
          he: "שליחה והאזנה לאירועים מותאמים אישית — הדפוס שעומד מאחורי חלק גדול מ-Node.js.",
        },
        duration: "10:46",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-08-events"] },
      },
      {
        key: "nodejs-09-streams-buffers",
        title: { en: "Streams and Buffers", he: "Streams ו-Buffers" },
        description: {
          en: "Processing large data piece by piece with readable, writable and transform streams and pipeline.",
          he: "עיבוד נתונים גדולים חלק אחר חלק עם streams לקריאה, לכתיבה ולהמרה, ועם pipeline.",
        },
        duration: "19:38",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-09-streams-buffers"] },
      },
      {
        key: "nodejs-10-http-server",
        title: { en: "Building an HTTP Server from Scratch", he: "בניית שרת HTTP מאפס" },
        description: {
          en: "Creating a web server with the built-in http module, routing requests by hand and serving JSON.",
          he: "יצירת שרת ווב עם המודול http המובנה, ניתוב בקשות ידנית והחזרת JSON.",
        },
        duration: "21:13",
        source: { kind: "youtube", videoId: SAMPLE_IDS["nodejs-10-http-server"] },
      },
    ],
  },
  {
    key: "mongodb",
    title: { en: "MongoDB and Mongoose", he: "MongoDB ו-Mongoose" },
    description: {
      en: "Store and query data in MongoDB, then model it in Node.js applications with Mongoose.",
      he: "שומרים ושולפים נתונים ב-MongoDB, ואז ממדלים אותם באפליקציות Node.js עם Mongoose.",
    },
    videos: [
      {
        key: "mongodb-01-intro",
        title: { en: "Introduction to MongoDB and NoSQL", he: "מבוא ל-MongoDB ול-NoSQL" },
        description: {
          en: "What a document database is and how MongoDB differs from relational databases.",
          he: "מהו מסד נתונים מבוסס מסמכים ובמה MongoDB שונה ממסדי נתונים רלציוניים.",
        },
        duration: "10:29",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-01-intro"] },
      },
      {
        key: "mongodb-02-setup",
        title: { en: "Installing MongoDB, Atlas and Compass", he: "התקנת MongoDB, Atlas ו-Compass" },
        description: {
          en: "Running MongoDB locally or in the cloud with Atlas, and exploring data in Compass and mongosh.",
          he: "הרצת MongoDB במחשב או בענן עם Atlas, וסקירת הנתונים ב-Compass וב-mongosh.",
        },
        duration: "12:52",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-02-setup"] },
      },
      {
        key: "mongodb-03-documents",
        title: { en: "Databases, Collections and Documents", he: "מסדי נתונים, אוספים ומסמכים" },
        description: {
          en: "How MongoDB organizes data into databases, collections and BSON documents.",
          he: "איך MongoDB מארגן נתונים במסדי נתונים, אוספים ומסמכי BSON.",
        },
        duration: "11:35",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-03-documents"] },
      },
      {
        key: "mongodb-04-insert-find",
        title: { en: "CRUD Part 1: Inserting and Finding Documents", he: "CRUD חלק 1: הוספה וחיפוש של מסמכים" },
        description: {
          en: "Adding documents with insertOne and insertMany and reading them back with find and findOne.",
          he: "הוספת מסמכים עם insertOne ו-insertMany וקריאתם בחזרה עם find ו-findOne.",
        },
        duration: "15:47",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-04-insert-find"] },
      },
      {
        key: "mongodb-05-update-delete",
        title: { en: "CRUD Part 2: Updating and Deleting", he: "CRUD חלק 2: עדכון ומחיקה" },
        description: {
          en: "Changing documents with update operators such as $set and $inc, and removing them safely.",
          he: "שינוי מסמכים עם אופרטורי עדכון כמו $set ו-$inc, ומחיקתם בצורה בטוחה.",
        },
        duration: "14:23",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-05-update-delete"] },
      },
      {
        key: "mongodb-06-query-operators",
        title: { en: "Query Operators, Projection and Sorting", he: "אופרטורי שאילתה, הטלה ומיון" },
        description: {
          en: "Filtering with $gt, $in and $or, choosing fields with projection, and sorting and paging results.",
          he: "סינון עם $gt, $in ו-$or, בחירת שדות עם projection, ומיון ודפדוף בתוצאות.",
        },
        duration: "17:11",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-06-query-operators"] },
      },
      {
        key: "mongodb-07-indexes",
        title: { en: "Indexes and Query Performance", he: "אינדקסים וביצועי שאילתות" },
        description: {
          en: "Creating single and compound indexes and reading explain() to see whether a query uses them.",
          he: "יצירת אינדקסים פשוטים ומורכבים וקריאת explain() כדי לבדוק אם שאילתה משתמשת בהם.",
        },
        duration: "16:04",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-07-indexes"] },
      },
      {
        key: "mongodb-08-aggregation",
        title: { en: "The Aggregation Pipeline", he: "ה-Aggregation Pipeline" },
        description: {
          en: "Grouping, filtering and reshaping data with $match, $group, $project and $lookup stages.",
          he: "קיבוץ, סינון ועיצוב מחדש של נתונים עם השלבים $match, $group, $project ו-$lookup.",
        },
        duration: "22:38",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-08-aggregation"] },
      },
      {
        key: "mongodb-09-data-modeling",
        title: { en: "Data Modeling: Embedding vs Referencing", he: "מידול נתונים: הטמעה מול הפניה" },
        description: {
          en: "When to embed related data in one document and when to reference it from another collection.",
          he: "מתי להטמיע נתונים קשורים במסמך אחד ומתי להפנות אליהם מאוסף אחר.",
        },
        duration: "15:19",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-09-data-modeling"] },
      },
      {
        key: "mongodb-10-mongoose-connect",
        title: { en: "Connecting to MongoDB with Mongoose", he: "התחברות ל-MongoDB עם Mongoose" },
        description: {
          en: "Installing Mongoose in a Node.js project and managing the database connection.",
          he: "התקנת Mongoose בפרויקט Node.js וניהול החיבור למסד הנתונים.",
        },
        duration: "9:27",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-10-mongoose-connect"] },
      },
      {
        key: "mongodb-11-schemas-models",
        title: { en: "Mongoose Schemas and Models", he: "סכמות ומודלים ב-Mongoose" },
        description: {
          en: "Describing the shape of documents with a schema and querying them through a model.",
          he: "תיאור מבנה המסמכים בעזרת סכמה ושליפתם דרך מודל.",
        },
        duration: "16:45",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-11-schemas-models"] },
      },
      {
        key: "mongodb-12-validation",
        title: { en: "Validation in Mongoose", he: "אימות נתונים ב-Mongoose" },
        description: {
          en: "Built-in validators like required, min and enum, custom validators, and readable error messages.",
          he: "מאמתים מובנים כמו required, min ו-enum, מאמתים מותאמים אישית והודעות שגיאה ברורות.",
        },
        duration: "13:08",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-12-validation"] },
      },
      {
        key: "mongodb-13-populate",
        title: { en: "Relationships and populate()", he: "קשרים בין מודלים ו-populate()" },
        description: {
          en: "Linking models with ObjectId references and loading related documents with populate.",
          he: "קישור בין מודלים בעזרת הפניות ObjectId וטעינת מסמכים קשורים עם populate.",
        },
        duration: "14:56",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-13-populate"] },
      },
      {
        key: "mongodb-14-middleware-virtuals",
        title: { en: "Mongoose Middleware, Virtuals and Methods", he: "Middleware, Virtuals ומתודות ב-Mongoose" },
        description: {
          en: "Running code before and after saves with hooks, computed virtual fields, and custom model methods.",
          he: "הרצת קוד לפני ואחרי שמירה עם hooks, שדות וירטואליים מחושבים ומתודות מותאמות למודל.",
        },
        duration: "15:32",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-14-middleware-virtuals"] },
      },
      {
        key: "mongodb-15-express-api",
        title: { en: "Building a REST API with Express and Mongoose", he: "בניית REST API עם Express ו-Mongoose" },
        description: {
          en: "Putting it all together in a complete CRUD API backed by MongoDB.",
          he: "מחברים הכול ל-API מלא של CRUD שמאחוריו עומד MongoDB.",
        },
        duration: "31:24",
        source: { kind: "youtube", videoId: SAMPLE_IDS["mongodb-15-express-api"] },
      },
    ],
  },
  {
    key: "sql",
    title: { en: "MySQL Full Course", he: "קורס MySQL מלא" },
    description: {
      en: "One three-hour course that takes you from your first SELECT to joins, subqueries, indexes and transactions in MySQL.",
      he: "קורס אחד של שלוש שעות שלוקח אתכם מה-SELECT הראשון ועד צירופים, תתי-שאילתות, אינדקסים וטרנזקציות ב-MySQL.",
    },
    videos: [
      {
        key: "sql-01-mysql-full-course",
        title: { en: "MySQL Full Course for Beginners", he: "קורס MySQL מלא למתחילים" },
        description: {
          en: "Creating databases and tables, querying with SELECT, filtering, joins, grouping, subqueries, indexes and transactions.",
          he: "יצירת מסדי נתונים וטבלאות, שאילתות SELECT, סינון, צירופים, קיבוץ, תתי-שאילתות, אינדקסים וטרנזקציות.",
        },
        duration: "3:02:15",
        source: { kind: "youtube", videoId: SAMPLE_IDS["sql-01-mysql-full-course"] },
      },
    ],
  },
  {
    key: "javascript",
    title: { en: "JavaScript from Basics to Advanced", he: "JavaScript מהיסודות ועד רמה מתקדמת" },
    description: {
      en: "The language of the web from the ground up: syntax, the DOM, events, closures, classes and asynchronous code.",
      he: "שפת הווב מהיסוד: תחביר, ה-DOM, אירועים, closures, מחלקות וקוד אסינכרוני.",
    },
    videos: [
      {
        key: "js-01-intro",
        title: { en: "Introduction to JavaScript and Setup", he: "מבוא ל-JavaScript והכנת סביבת העבודה" },
        description: {
          en: "Where JavaScript runs, setting up an editor, and using the browser console.",
          he: "איפה JavaScript רצה, הכנת עורך קוד ושימוש בקונסול של הדפדפן.",
        },
        duration: "9:14",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-01-intro"] },
      },
      {
        key: "js-02-variables",
        title: { en: "Variables: let, const and var", he: "משתנים: let, const ו-var" },
        description: {
          en: "Declaring variables, when to use let or const, and why var is best avoided.",
          he: "הגדרת משתנים, מתי להשתמש ב-let ומתי ב-const, ולמה עדיף להימנע מ-var.",
        },
        duration: "10:37",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-02-variables"] },
      },
      {
        key: "js-03-data-types",
        title: { en: "Data Types", he: "טיפוסי נתונים" },
        description: {
          en: "Numbers, strings, booleans, null, undefined, objects, and checking types with typeof.",
          he: "מספרים, מחרוזות, ערכים בוליאניים, null, undefined, אובייקטים ובדיקת טיפוס עם typeof.",
        },
        duration: "12:22",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-03-data-types"] },
      },
      {
        key: "js-04-operators",
        title: { en: "Operators and Type Coercion", he: "אופרטורים והמרת טיפוסים אוטומטית" },
        description: {
          en: "Arithmetic, comparison and logical operators, and the difference between == and ===.",
          he: "אופרטורים חשבוניים, אופרטורי השוואה ואופרטורים לוגיים, וההבדל בין == ל-===.",
        },
        duration: "13:05",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-04-operators"] },
      },
      {
        key: "js-05-strings",
        title: { en: "Strings and Template Literals", he: "מחרוזות ו-Template Literals" },
        description: {
          en: "Common string methods and building text with template literals.",
          he: "מתודות נפוצות של מחרוזות ובניית טקסט עם template literals.",
        },
        duration: "11:48",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-05-strings"] },
      },
      {
        key: "js-06-conditionals",
        title: { en: "Conditionals: if, else and switch", he: "תנאים: if, else ו-switch" },
        description: {
          en: "Branching with if-else and switch, truthy and falsy values, and the ternary operator.",
          he: "הסתעפות עם if-else ו-switch, ערכים truthy ו-falsy, והאופרטור הטרנרי.",
        },
        duration: "12:31",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-06-conditionals"] },
      },
      {
        key: "js-07-loops",
        title: { en: "Loops", he: "לולאות" },
        description: {
          en: "for, while, for...of and for...in loops, and when to use each of them.",
          he: "לולאות for, while, for...of ו-for...in, ומתי להשתמש בכל אחת מהן.",
        },
        duration: "14:09",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-07-loops"] },
      },
      {
        key: "js-08-functions",
        title: { en: "Functions", he: "פונקציות" },
        description: {
          en: "Declaring and calling functions, parameters, default values and return values.",
          he: "הגדרה וקריאה של פונקציות, פרמטרים, ערכי ברירת מחדל וערכי החזרה.",
        },
        duration: "15:26",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-08-functions"] },
      },
      {
        key: "js-09-arrow-functions",
        title: { en: "Arrow Functions and Callbacks", he: "פונקציות חץ ו-Callbacks" },
        description: {
          en: "The short arrow syntax and passing functions as arguments to other functions.",
          he: "התחביר המקוצר של פונקציות חץ והעברת פונקציות כארגומנטים לפונקציות אחרות.",
        },
        duration: "10:52",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-09-arrow-functions"] },
      },
      {
        key: "js-10-scope-hoisting",
        title: { en: "Scope and Hoisting", he: "תחום הכרה ו-Hoisting" },
        description: {
          en: "Global, function and block scope, and how declarations are hoisted.",
          he: "תחום גלובלי, תחום פונקציה ותחום בלוק, ואיך הצהרות עוברות hoisting.",
        },
        duration: "12:43",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-10-scope-hoisting"] },
      },
      {
        key: "js-11-arrays",
        title: { en: "Arrays", he: "מערכים" },
        description: {
          en: "Creating arrays, adding and removing items, and searching them with includes and indexOf.",
          he: "יצירת מערכים, הוספה והסרה של פריטים, וחיפוש בהם עם includes ו-indexOf.",
        },
        duration: "14:18",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-11-arrays"] },
      },
      {
        key: "js-12-array-methods",
        title: { en: "Array Methods: map, filter and reduce", he: "מתודות של מערכים: map, filter ו-reduce" },
        description: {
          en: "Transforming, filtering and summarizing data with the most useful higher-order array methods.",
          he: "המרה, סינון וסיכום של נתונים בעזרת מתודות המערך השימושיות ביותר מסדר גבוה.",
        },
        duration: "17:54",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-12-array-methods"] },
      },
      {
        key: "js-13-objects",
        title: { en: "Objects", he: "אובייקטים" },
        description: {
          en: "Properties and methods, dot and bracket notation, and looping over an object's keys.",
          he: "מאפיינים ומתודות, גישה בנקודה ובסוגריים מרובעים, ומעבר על המפתחות של אובייקט.",
        },
        duration: "15:02",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-13-objects"] },
      },
      {
        key: "js-14-destructuring-spread",
        title: { en: "Destructuring, Spread and Rest", he: "Destructuring, Spread ו-Rest" },
        description: {
          en: "Unpacking arrays and objects into variables and copying or merging them with the spread operator.",
          he: "פירוק מערכים ואובייקטים למשתנים, והעתקה או מיזוג שלהם בעזרת אופרטור ה-spread.",
        },
        duration: "13:36",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-14-destructuring-spread"] },
      },
      {
        key: "js-15-dom-selecting",
        title: { en: "The DOM: Selecting Elements", he: "ה-DOM: בחירת אלמנטים" },
        description: {
          en: "How the browser represents a page as the DOM and finding elements with querySelector.",
          he: "איך הדפדפן מייצג את הדף כ-DOM, ואיתור אלמנטים עם querySelector.",
        },
        duration: "11:27",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-15-dom-selecting"] },
      },
      {
        key: "js-16-dom-manipulation",
        title: { en: "Changing the Page with the DOM", he: "שינוי הדף דרך ה-DOM" },
        description: {
          en: "Creating, changing and removing elements, and updating text, attributes and classes.",
          he: "יצירה, שינוי והסרה של אלמנטים, ועדכון טקסט, מאפיינים ומחלקות.",
        },
        duration: "16:13",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-16-dom-manipulation"] },
      },
      {
        key: "js-17-events",
        title: { en: "Events and Event Listeners", he: "אירועים ומאזיני אירועים" },
        description: {
          en: "Listening to clicks and key presses, the event object, bubbling and event delegation.",
          he: "האזנה ללחיצות ולהקשות מקלדת, אובייקט האירוע, בעבוע (bubbling) והאצלת אירועים.",
        },
        duration: "17:39",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-17-events"] },
      },
      {
        key: "js-18-forms",
        title: { en: "Forms and Input Validation", he: "טפסים ואימות קלט" },
        description: {
          en: "Reading form values, preventing the default submit, and showing validation messages.",
          he: "קריאת ערכי טופס, מניעת השליחה הרגילה של הטופס והצגת הודעות אימות.",
        },
        duration: "14:47",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-18-forms"] },
      },
      {
        key: "js-19-json-localstorage",
        title: { en: "JSON and localStorage", he: "JSON ו-localStorage" },
        description: {
          en: "Converting data to and from JSON and saving it in the browser with localStorage.",
          he: "המרת נתונים ל-JSON וממנו ושמירתם בדפדפן עם localStorage.",
        },
        duration: "10:21",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-19-json-localstorage"] },
      },
      {
        key: "js-20-closures",
        title: { en: "Closures", he: "Closures" },
        description: {
          en: "How inner functions remember the variables around them, and practical uses like counters and private state.",
          he: "איך פונקציות פנימיות זוכרות את המשתנים שסביבן, ושימושים מעשיים כמו מונים ו-state פרטי.",
        },
        duration: "13:58",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-20-closures"] },
      },
      {
        key: "js-21-this",
        title: { en: "The this Keyword, call, apply and bind", he: "המילה this, call, apply ו-bind" },
        description: {
          en: "What this refers to in different situations and how to set it explicitly.",
          he: "למה this מתייחס במצבים שונים ואיך קובעים אותו במפורש.",
        },
        duration: "14:41",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-21-this"] },
      },
      {
        key: "js-22-prototypes",
        title: { en: "Prototypes and Prototypal Inheritance", he: "Prototypes וירושה מבוססת אב-טיפוס" },
        description: {
          en: "How objects inherit from other objects through the prototype chain.",
          he: "איך אובייקטים יורשים מאובייקטים אחרים דרך שרשרת ה-prototype.",
        },
        duration: "15:33",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-22-prototypes"] },
      },
      {
        key: "js-23-classes",
        title: { en: "Classes", he: "מחלקות" },
        description: {
          en: "Class syntax, constructors, methods, inheritance with extends, and private fields.",
          he: "התחביר של מחלקות, בנאים, מתודות, ירושה עם extends ושדות פרטיים.",
        },
        duration: "16:07",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-23-classes"] },
      },
      {
        key: "js-24-modules",
        title: { en: "ES Modules: import and export", he: "ES Modules: import ו-export" },
        description: {
          en: "Splitting code into modules with named and default exports.",
          he: "פיצול הקוד למודולים עם ייצוא בשם וייצוא ברירת מחדל.",
        },
        duration: "11:12",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-24-modules"] },
      },
      {
        key: "js-25-error-handling",
        title: { en: "Error Handling with try and catch", he: "טיפול בשגיאות עם try ו-catch" },
        description: {
          en: "Catching and throwing errors, the Error object, and writing code that fails gracefully.",
          he: "תפיסה וזריקה של שגיאות, האובייקט Error, וכתיבת קוד שנכשל בצורה מבוקרת.",
        },
        duration: "12:05",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-25-error-handling"] },
      },
      {
        key: "js-26-event-loop-callbacks",
        title: { en: "Asynchronous JavaScript and the Event Loop", he: "JavaScript אסינכרוני ולולאת האירועים" },
        description: {
          en: "Why JavaScript is single-threaded yet non-blocking, with setTimeout, callbacks and the task queue.",
          he: "למה JavaScript רצה בתהליכון יחיד ועדיין לא נחסמת, עם setTimeout, callbacks ותור המשימות.",
        },
        duration: "15:49",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-26-event-loop-callbacks"] },
      },
      {
        key: "js-27-promises",
        title: { en: "Promises", he: "Promises" },
        description: {
          en: "Creating and chaining promises, handling rejections, and combining them with Promise.all.",
          he: "יצירה ושרשור של promises, טיפול בדחיות ושילוב כמה מהן עם Promise.all.",
        },
        duration: "17:22",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-27-promises"] },
      },
      {
        key: "js-28-async-await",
        title: { en: "async and await", he: "async ו-await" },
        description: {
          en: "Writing asynchronous code that reads like synchronous code, with try-catch for errors.",
          he: "כתיבת קוד אסינכרוני שנקרא כמו קוד סינכרוני, עם try-catch לטיפול בשגיאות.",
        },
        duration: "13:16",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-28-async-await"] },
      },
      {
        key: "js-29-fetch",
        title: { en: "Calling APIs with fetch", he: "קריאה ל-API עם fetch" },
        description: {
          en: "Requesting data from a web API, reading JSON responses, and sending POST requests.",
          he: "בקשת נתונים מ-API ברשת, קריאת תשובות JSON ושליחת בקשות POST.",
        },
        duration: "16:38",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-29-fetch"] },
      },
      {
        key: "js-30-iterators-generators",
        title: { en: "Iterators and Generators", he: "איטרטורים וגנרטורים" },
        description: {
          en: "The iteration protocol and generator functions that produce values lazily with yield.",
          he: "פרוטוקול האיטרציה ופונקציות גנרטור שמפיקות ערכים לפי דרישה עם yield.",
        },
        duration: "14:03",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-30-iterators-generators"] },
      },
      {
        key: "js-31-map-set",
        title: { en: "Map, Set, WeakMap and WeakSet", he: "Map, Set, WeakMap ו-WeakSet" },
        description: {
          en: "Collections beyond plain objects and arrays, and when each one is the right choice.",
          he: "אוספים מעבר לאובייקטים ולמערכים רגילים, ומתי כל אחד מהם הוא הבחירה הנכונה.",
        },
        duration: "12:47",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-31-map-set"] },
      },
      {
        key: "js-32-final-project",
        title: { en: "Final Project: A Weather App", he: "פרויקט גמר: אפליקציית מזג אוויר" },
        description: {
          en: "Building a complete app that fetches live data, updates the DOM and remembers the user's searches.",
          he: "בונים אפליקציה שלמה שטוענת נתונים חיים, מעדכנת את ה-DOM וזוכרת את החיפושים של המשתמש.",
        },
        duration: "38:42",
        source: { kind: "youtube", videoId: SAMPLE_IDS["js-32-final-project"] },
      },
    ],
  },
  {
    key: "html",
    title: { en: "HTML Full Course", he: "קורס HTML מלא" },
    description: {
      en: "Everything you need to write well-structured, accessible web pages with HTML, in one video.",
      he: "כל מה שצריך כדי לכתוב דפי אינטרנט בנויים היטב ונגישים ב-HTML, בסרטון אחד.",
    },
    videos: [
      {
        key: "html-full-course",
        title: { en: "HTML Full Course for Beginners", he: "קורס HTML מלא למתחילים" },
        description: {
          en: "Document structure, text, links, images, lists, tables, forms, semantic elements and accessibility basics.",
          he: "מבנה המסמך, טקסט, קישורים, תמונות, רשימות, טבלאות, טפסים, אלמנטים סמנטיים ויסודות הנגישות.",
        },
        duration: "2:04:37",
        source: { kind: "youtube", videoId: SAMPLE_IDS["html-full-course"] },
      },
    ],
  },
  {
    key: "css",
    title: { en: "CSS Full Course", he: "קורס CSS מלא" },
    description: {
      en: "Style web pages with CSS from selectors and the box model to Flexbox, Grid and responsive design, in one video.",
      he: "מעצבים דפי אינטרנט עם CSS — מסלקטורים ומודל הקופסה ועד Flexbox, Grid ועיצוב רספונסיבי, בסרטון אחד.",
    },
    videos: [
      {
        key: "css-full-course",
        title: { en: "CSS Full Course for Beginners", he: "קורס CSS מלא למתחילים" },
        description: {
          en: "Selectors, the cascade, colors and fonts, the box model, Flexbox, Grid, media queries and transitions.",
          he: "סלקטורים, ה-cascade, צבעים וגופנים, מודל הקופסה, Flexbox, Grid, media queries ומעברים.",
        },
        duration: "3:41:26",
        source: { kind: "youtube", videoId: SAMPLE_IDS["css-full-course"] },
      },
    ],
  },
  {
    key: "advjava",
    title: { en: "Advanced Java", he: "Java מתקדם" },
    description: {
      en: "Take your Java further with collections, generics, streams, concurrency and database access with JDBC, in one video.",
      he: "לוקחים את ה-Java שלכם צעד קדימה עם אוספים, גנריות, streams, מקביליות וגישה למסד נתונים עם JDBC, בסרטון אחד.",
    },
    videos: [
      {
        key: "advjava-full-course",
        title: {
          en: "Advanced Java: Collections, Generics, Streams, Concurrency and JDBC",
          he: "Java מתקדם: אוספים, גנריות, Streams, מקביליות ו-JDBC",
        },
        description: {
          en: "The Collections Framework, generic types, the Stream API, threads and executors, and talking to a database with JDBC.",
          he: "ה-Collections Framework, טיפוסים גנריים, ה-Stream API, תהליכונים ו-executors, ועבודה מול מסד נתונים עם JDBC.",
        },
        duration: "2:48:10",
        source: { kind: "youtube", videoId: SAMPLE_IDS["advjava-full-course"] },
      },
    ],
  },
];

/** Explainer videos of the Israel Tax Authority (רשות המסים). The Hebrew titles are the primary ones. */
export const taxExplainers: VideoListInput = {
  key: "tax-explainers",
  title: { he: "סרטוני הסבר של רשות המסים", en: "Israel Tax Authority Explainer Videos" },
  description: {
    he: "סרטוני הסבר קצרים של רשות המסים לשכירים ולבעלי עסקים קטנים: החזרי מס, פתיחת תיק, מע״מ, דוח שנתי ונקודות זיכוי.",
    en: "Short explainer videos from the Israel Tax Authority for employees and small business owners: tax refunds, opening a file, VAT, the annual report and tax credit points.",
  },
  videos: [
    {
      key: "tax-01-employee-refund",
      title: { he: "החזר מס לשכירים – איך מגישים בקשה?", en: "Tax Refund for Employees – How Do You Apply?" },
      description: {
        he: "מי עשוי להיות זכאי להחזר מס, אילו מסמכים צריך להכין ואיך מגישים את הבקשה באתר רשות המסים.",
        en: "Who may be entitled to a tax refund, which documents to prepare, and how to submit the request on the Tax Authority website.",
      },
      duration: "4:12",
      source: { kind: "youtube", videoId: SAMPLE_IDS["tax-01-employee-refund"] },
    },
    {
      key: "tax-02-open-business-file",
      title: { he: "פתיחת תיק עוסק ברשות המסים", en: "Opening a Business File with the Tax Authority" },
      description: {
        he: "הצעדים לפתיחת עסק: רישום במע״מ, במס הכנסה ובביטוח הלאומי, ומה צריך להביא איתכם.",
        en: "The steps to opening a business: registering for VAT, income tax and National Insurance, and what to bring with you.",
      },
      duration: "5:38",
      source: { kind: "youtube", videoId: SAMPLE_IDS["tax-02-open-business-file"] },
    },
    {
      key: "tax-03-vat-exempt-licensed",
      title: {
        he: "עוסק פטור או עוסק מורשה? מע״מ לעסקים קטנים",
        en: "Exempt Dealer or Licensed Dealer? VAT for Small Businesses",
      },
      description: {
        he: "ההבדלים בין עוסק פטור לעוסק מורשה, תקרת המחזור לעוסק פטור, ומתי צריך לגבות מע״מ ולהגיש דוחות.",
        en: "The differences between an exempt and a licensed dealer, the turnover ceiling for exempt dealers, and when you must charge VAT and file returns.",
      },
      duration: "6:04",
      source: { kind: "youtube", videoId: SAMPLE_IDS["tax-03-vat-exempt-licensed"] },
    },
    {
      key: "tax-04-annual-report",
      title: {
        he: "הדוח השנתי לעצמאים – מה חשוב לדעת",
        en: "The Annual Report for the Self-Employed – What You Need to Know",
      },
      description: {
        he: "מי חייב להגיש דוח שנתי, אילו הכנסות והוצאות מדווחים, ואיך מגישים את הדוח באופן מקוון.",
        en: "Who must file an annual report, which income and expenses to report, and how to file the report online.",
      },
      duration: "7:21",
      source: { kind: "youtube", videoId: SAMPLE_IDS["tax-04-annual-report"] },
    },
    {
      key: "tax-05-credit-points",
      title: { he: "נקודות זיכוי – למה אתם זכאים?", en: "Tax Credit Points – What Are You Entitled To?" },
      description: {
        he: "מהן נקודות זיכוי, מי זכאי להן (תושבים, הורים, חיילים משוחררים, בעלי תואר ועוד) ואיך מעדכנים אותן בטופס 101.",
        en: "What tax credit points are, who is entitled to them (residents, parents, discharged soldiers, graduates and more), and how to update them on Form 101.",
      },
      duration: "4:49",
      source: { kind: "youtube", videoId: SAMPLE_IDS["tax-05-credit-points"] },
    },
  ],
};

/** The short "About Lomda" video, served from media/videos/about-lomda.mp4. */
export const aboutVideo: VideoItemInput = {
  key: "about-lomda",
  title: { en: "About Lomda", he: "על לומדה" },
  description: {
    en: "Who we are, how our courses work, and how Lomda helps you learn to program in English and Hebrew.",
    he: "מי אנחנו, איך הקורסים שלנו עובדים, ואיך לומדה עוזרת לכם ללמוד תכנות באנגלית ובעברית.",
  },
  duration: "1:30",
  source: { kind: "mp4", file: "about-lomda.mp4" },
};
