/**
 * The quizzes' seed: loaded once into an empty database (app/models/catalogue-seed.server.ts), then
 * edited in the admin area. Checked against app/models/content.schema.ts. Questions stay in English;
 * each answer must equal one option exactly.
 */
import type { z } from "zod";
import type { quiz } from "../app/models/content.schema.ts";

type QuizInput = z.input<typeof quiz>;

export const quizzes: QuizInput[] = [
  {
    key: "java",
    title: { en: "Java", he: "ג׳אווה" },
    description: {
      en: "Test your knowledge of Java types, OOP, exceptions, collections, generics, streams and JVM basics.",
      he: "בדקו את הידע שלכם ב־Java: טיפוסים, תכנות מונחה עצמים, חריגות, אוספים, גנריקס, streams ויסודות ה־JVM.",
    },
    questions: [
      {
        question: "What does this code print?",
        code: 'String s = "hello";\ns.toUpperCase();\nSystem.out.println(s);',
        options: ["hello", "HELLO", "Hello", "Compilation error"],
        answer: "hello",
      },
      {
        question: "What does this code print?",
        code: 'String a = new String("java");\nString b = new String("java");\nSystem.out.println((a == b) + " " + a.equals(b));',
        options: ["true true", "false true", "true false", "false false"],
        answer: "false true",
      },
      {
        question:
          "If you override equals() in a class, which other method must you also override so its objects work correctly as HashMap keys or in a HashSet?",
        options: ["toString()", "compareTo()", "clone()", "hashCode()"],
        answer: "hashCode()",
      },
      {
        question: "What does this code print?",
        code: 'int x = 7 / 2;\ndouble y = 7 / 2;\nSystem.out.println(x + " " + y);',
        options: ["3 3.5", "3.5 3.5", "3 3.0", "4 3.5"],
        answer: "3 3.0",
      },
      {
        question: "Which kind of exception must be either caught or declared in the method's throws clause?",
        options: [
          "Checked exceptions, such as IOException",
          "Unchecked exceptions, such as NullPointerException",
          "Errors, such as OutOfMemoryError",
          "RuntimeException and its subclasses",
        ],
        answer: "Checked exceptions, such as IOException",
      },
      {
        question: "What does this code print?",
        code: 'class Animal { String sound() { return "..."; } }\nclass Dog extends Animal { String sound() { return "Woof"; } }\n\nAnimal a = new Dog();\nSystem.out.println(a.sound());',
        options: ["...", "Compilation error", "Woof", "ClassCastException at runtime"],
        answer: "Woof",
      },
      {
        question: "How many classes can a Java class directly extend, and how many interfaces can it implement?",
        options: [
          "Any number of classes, one interface",
          "One class, any number of interfaces",
          "One class, one interface",
          "Any number of classes and interfaces",
        ],
        answer: "One class, any number of interfaces",
      },
      {
        question: "What does the final keyword mean when applied to a class?",
        options: [
          "Its fields cannot change",
          "It cannot be instantiated",
          "It must be abstract",
          "It cannot be subclassed",
        ],
        answer: "It cannot be subclassed",
      },
      {
        question: "What does this code print?",
        code: "class Counter {\n  static int count = 0;\n  Counter() { count++; }\n}\n\nnew Counter();\nnew Counter();\nnew Counter();\nSystem.out.println(Counter.count);",
        options: ["0", "1", "3", "Compilation error"],
        answer: "3",
      },
      {
        question: "Which of these collections does not allow duplicate elements?",
        options: ["ArrayList", "HashSet", "LinkedList", "ArrayDeque"],
        answer: "HashSet",
      },
      {
        question: "What happens to generic type arguments, such as the String in List<String>, at runtime?",
        options: [
          "They are erased, so at runtime it is a plain List",
          "They are kept and checked on every call to add()",
          "Each parameterization gets its own generated class",
          "They are converted into arrays of that type",
        ],
        answer: "They are erased, so at runtime it is a plain List",
      },
      {
        question: "What does this code print?",
        code: "List<Integer> nums = List.of(1, 2, 3, 4, 5);\nint result = nums.stream()\n    .filter(n -> n % 2 == 1)\n    .map(n -> n * n)\n    .reduce(0, Integer::sum);\nSystem.out.println(result);",
        options: ["15", "55", "9", "35"],
        answer: "35",
      },
      {
        question: "What does the Java compiler (javac) produce from a .java source file?",
        options: [
          "Native machine code for the current CPU",
          "Bytecode in .class files, run by the JVM",
          "Assembly source code",
          "A script that the JVM interprets line by line from source",
        ],
        answer: "Bytecode in .class files, run by the JVM",
      },
      {
        question: "What does this code print?",
        code: 'static int test() {\n  try {\n    return 1;\n  } finally {\n    System.out.print("finally ");\n  }\n}\n\nSystem.out.println(test());',
        options: ["1", "1 finally", "finally 1", "Compilation error"],
        answer: "finally 1",
      },
      {
        question: "Since Java 8, what can an interface contain besides abstract methods?",
        options: [
          "default and static methods with a body",
          "Instance fields that each object gets its own copy of",
          "Constructors",
          "protected methods",
        ],
        answer: "default and static methods with a body",
      },
      {
        question: "What does this code print?",
        code: 'Map<String, Integer> map = new HashMap<>();\nmap.put("a", 1);\nmap.put("b", 2);\nmap.put("a", 3);\nSystem.out.println(map.size() + " " + map.get("a"));',
        options: ["3 1", "3 3", "2 1", "2 3"],
        answer: "2 3",
      },
      {
        question:
          "Why is StringBuilder preferred over String concatenation with + when building a string in a long loop?",
        options: [
          "It is thread-safe",
          "It stores its text in the string pool",
          "It appends to one mutable buffer instead of creating a new String on every iteration",
          "It compresses characters to use less memory",
        ],
        answer: "It appends to one mutable buffer instead of creating a new String on every iteration",
      },
      {
        question: "Which access modifier makes a member visible only inside its own class?",
        options: ["protected", "public", "package-private (no modifier)", "private"],
        answer: "private",
      },
      {
        question: "What is method overloading?",
        options: [
          "A subclass replacing a method inherited from its superclass",
          "Several methods with the same name but different parameter lists",
          "A method calling itself recursively",
          "Marking a method with the @Override annotation",
        ],
        answer: "Several methods with the same name but different parameter lists",
      },
      {
        question: "When does an object become eligible for garbage collection in Java?",
        options: [
          "As soon as the method that created it returns",
          "Only when System.gc() is called",
          "Only when the program exits",
          "When it is no longer reachable from any live reference",
        ],
        answer: "When it is no longer reachable from any live reference",
      },
    ],
  },
  {
    key: "fullstack",
    title: { en: "Full Stack", he: "פול סטאק" },
    description: {
      en: "Test your knowledge of HTTP, REST, CORS, authentication, SQL, Node and Express, MongoDB, caching, deployment and HTML/CSS basics.",
      he: "בדקו את הידע שלכם ב־HTTP,‏ REST,‏ CORS, אימות משתמשים, SQL,‏ Node ו־Express,‏ MongoDB, מטמון, פריסה ויסודות HTML/CSS.",
    },
    questions: [
      {
        question: "Which HTTP status code means the requested resource was not found?",
        options: ["400", "401", "404", "500"],
        answer: "404",
      },
      {
        question: "Which HTTP method is idempotent and is typically used to replace a resource entirely?",
        options: ["PUT", "POST", "PATCH", "CONNECT"],
        answer: "PUT",
      },
      {
        question: "What is the difference between 401 Unauthorized and 403 Forbidden?",
        options: [
          "403 means credentials are missing or invalid; 401 means access is refused even with valid credentials",
          "401 means credentials are missing or invalid; 403 means the server understood the request but refuses access",
          "401 is sent by proxies, 403 by origin servers",
          "They mean the same thing and are interchangeable",
        ],
        answer:
          "401 means credentials are missing or invalid; 403 means the server understood the request but refuses access",
      },
      {
        question: "What does CORS (Cross-Origin Resource Sharing) control?",
        options: [
          "Whether a server may connect to a database on another host",
          "How cookies are encrypted in transit",
          "Which HTTP methods a server accepts from any client, including curl",
          "Whether a browser lets a web page read responses from a different origin",
        ],
        answer: "Whether a browser lets a web page read responses from a different origin",
      },
      {
        question:
          "Which cookie attribute prevents JavaScript on the page from reading the cookie through document.cookie?",
        options: ["Secure", "HttpOnly", "SameSite", "Domain"],
        answer: "HttpOnly",
      },
      {
        question: "A JWT (JSON Web Token) is signed but, by default, not encrypted. What does that mean?",
        options: [
          "No one can read its payload without the server's secret key",
          "It stops working when the browser is closed",
          "Anyone holding the token can read its payload, but cannot change it without invalidating the signature",
          "The server must store every issued token in a database to verify it",
        ],
        answer:
          "Anyone holding the token can read its payload, but cannot change it without invalidating the signature",
      },
      {
        question: "What does a LEFT JOIN return?",
        options: [
          "Only the rows that match in both tables",
          "Every combination of rows from both tables",
          "All rows from both tables, matched or not",
          "All rows from the left table, with matching right-table columns or NULL where there is no match",
        ],
        answer: "All rows from the left table, with matching right-table columns or NULL where there is no match",
      },
      {
        question: "What does the HAVING clause do in this query?",
        code: "SELECT department, COUNT(*)\nFROM employees\nGROUP BY department\nHAVING COUNT(*) > 5;",
        options: [
          "Filters rows before they are grouped",
          "Keeps only the departments that have more than 5 employees",
          "Sorts the departments by their employee count",
          "Limits the result to 5 rows",
        ],
        answer: "Keeps only the departments that have more than 5 employees",
      },
      {
        question: "What is the main trade-off of adding an index to a database column?",
        options: [
          "Faster lookups on that column, at the cost of slower writes and extra storage",
          "Faster writes, at the cost of slower reads",
          "It removes duplicate values from the column",
          "It makes the column NOT NULL",
        ],
        answer: "Faster lookups on that column, at the cost of slower writes and extra storage",
      },
      {
        question: "In Express, what happens if a middleware neither calls next() nor sends a response?",
        code: "app.use((req, res, next) => {\n  console.log(req.method, req.url);\n  // no next(), no res.send()\n});",
        options: [
          "Express calls the next handler automatically",
          "Express responds with 404 immediately",
          "The request hangs until it times out",
          "The server process crashes",
        ],
        answer: "The request hangs until it times out",
      },
      {
        question: "How does MongoDB store data?",
        options: [
          "As rows in tables with a fixed schema",
          "As plain text files, one per record",
          "As flat key-value pairs that cannot be nested",
          "As BSON documents grouped into collections",
        ],
        answer: "As BSON documents grouped into collections",
      },
      {
        question: "What does the response header Cache-Control: no-store tell the browser?",
        options: [
          "Do not store the response in any cache",
          "Store the response but revalidate it with the server before each use",
          "Store the response for one day",
          "Store the response only in a CDN",
        ],
        answer: "Do not store the response in any cache",
      },
      {
        question: "Which CSS selector has the highest specificity?",
        options: [".header", "div.header", "#header", "header"],
        answer: "#header",
      },
      {
        question: "In a REST API, what is the conventional request to delete the user with id 42?",
        options: ["GET /deleteUser?id=42", "DELETE /users/42", "POST /users/42/delete", "PUT /users/delete/42"],
        answer: "DELETE /users/42",
      },
      {
        question:
          "Why should secrets such as database passwords be read from environment variables instead of being written in the source code?",
        options: [
          "Environment variables are encrypted by the operating system",
          "It makes the application start faster",
          "Source code cannot contain strings longer than 32 characters",
          "So they stay out of version control and can differ between development and production",
        ],
        answer: "So they stay out of version control and can differ between development and production",
      },
    ],
  },
  {
    key: "javascript",
    title: { en: "JavaScript", he: "JavaScript" },
    description: {
      en: "Test your knowledge of JavaScript types and coercion, scope and closures, this, promises and the event loop, array methods and modules.",
      he: "בדקו את הידע שלכם ב־JavaScript: טיפוסים והמרות, טווחי הכרזה ו־closures,‏ this, הבטחות ולולאת האירועים, מתודות של מערכים ומודולים.",
    },
    questions: [
      {
        question: "What does this code print?",
        code: "console.log(typeof null);",
        options: ["null", "object", "undefined", "number"],
        answer: "object",
      },
      {
        question: "What does this code print?",
        code: 'console.log(0 == "0", 0 === "0");',
        options: ["true true", "false false", "false true", "true false"],
        answer: "true false",
      },
      {
        question: "What does this code print?",
        code: 'console.log("5" + 3, "5" - 3);',
        options: ["53 2", "8 2", "53 NaN", "8 8"],
        answer: "53 2",
      },
      {
        question: "What does this code print?",
        code: "function makeCounter() {\n  let count = 0;\n  return () => ++count;\n}\n\nconst c = makeCounter();\nc();\nc();\nconsole.log(c());",
        options: ["1", "2", "undefined", "3"],
        answer: "3",
      },
      {
        question: "What does this code log?",
        code: "for (var i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}",
        options: ["0 1 2", "3 3 3", "0 0 0", "2 2 2"],
        answer: "3 3 3",
      },
      {
        question: "What does this code print?",
        code: "console.log(x);\nvar x = 5;",
        options: ["5", "null", "undefined", "ReferenceError"],
        answer: "undefined",
      },
      {
        question: "What happens when this code runs?",
        code: "console.log(y);\nlet y = 5;",
        options: ["It prints undefined", "It prints 5", "It prints null", "It throws a ReferenceError"],
        answer: "It throws a ReferenceError",
      },
      {
        question: "What does this code print?",
        code: 'const user = { name: "Dana" };\nuser.name = "Noa";\nconsole.log(user.name);',
        options: ["Noa", "Dana", "TypeError", "undefined"],
        answer: "Noa",
      },
      {
        question: "In what order are the letters logged?",
        code: 'console.log("A");\nsetTimeout(() => console.log("B"), 0);\nPromise.resolve().then(() => console.log("C"));\nconsole.log("D");',
        options: ["A B C D", "A D C B", "A D B C", "A C D B"],
        answer: "A D C B",
      },
      {
        question: "What does calling getValue() return?",
        code: "async function getValue() {\n  return 42;\n}",
        options: ["42", "undefined", "A Promise that resolves to 42", "A Promise that rejects"],
        answer: "A Promise that resolves to 42",
      },
      {
        question: "How does an arrow function get its value of this?",
        options: [
          "From the object it is called on",
          "It is always the global object",
          "It is always undefined",
          "From the surrounding scope where the arrow function is defined",
        ],
        answer: "From the surrounding scope where the arrow function is defined",
      },
      {
        question: "What does this code print?",
        code: "const result = [1, 2, 3, 4].filter(n => n % 2 === 0).map(n => n * 10);\nconsole.log(result);",
        options: ["[10, 30]", "[20, 40]", "[2, 4]", "[10, 20, 30, 40]"],
        answer: "[20, 40]",
      },
      {
        question: "What does this code print?",
        code: "const total = [1, 2, 3].reduce((sum, n) => sum + n, 10);\nconsole.log(total);",
        options: ["6", "10", "16", "123"],
        answer: "16",
      },
      {
        question: "What does this code print?",
        code: "const { a, b = 5, ...rest } = { a: 1, c: 3, d: 4 };\nconsole.log(a, b, rest);",
        options: ["1 undefined { c: 3, d: 4 }", "1 5 [3, 4]", "1 5 { b: 5, c: 3, d: 4 }", "1 5 { c: 3, d: 4 }"],
        answer: "1 5 { c: 3, d: 4 }",
      },
      {
        question: "Given this module, which import statement is correct?",
        code: "// math.js\nexport default function add(a, b) { return a + b; }\nexport const PI = 3.14;",
        options: [
          'import add, { PI } from "./math.js";',
          'import { add, PI } from "./math.js";',
          'import add, PI from "./math.js";',
          'import { default, PI } from "./math.js";',
        ],
        answer: 'import add, { PI } from "./math.js";',
      },
    ],
  },
  {
    key: "react",
    title: { en: "React", he: "React" },
    description: {
      en: "Test your knowledge of React components, props and state, keys, hooks, controlled inputs, context, memoization and rendering.",
      he: "בדקו את הידע שלכם ב־React: קומפוננטות, props ו־state, מפתחות, hooks, שדות קלט מבוקרים, context, ממואיזציה ורינדור.",
    },
    questions: [
      {
        question: "What is the main difference between props and state?",
        options: [
          "Props can be changed by the component itself; state cannot",
          "Props are passed in by the parent and are read-only for the component; state is owned and updated by the component",
          "State is passed in by the parent; props are local to the component",
          "Props are only for class components; state is only for function components",
        ],
        answer:
          "Props are passed in by the parent and are read-only for the component; state is owned and updated by the component",
      },
      {
        question: "Why does React need a key prop on elements rendered from a list?",
        options: [
          "To identify each item between renders, so React can match, reorder and keep the right state for each one",
          "To apply a unique CSS class to each item",
          "To make the list sortable by the user",
          "To pass the item's index to the child as a prop",
        ],
        answer:
          "To identify each item between renders, so React can match, reorder and keep the right state for each one",
      },
      {
        question: "When does this effect run (ignoring Strict Mode's extra run in development)?",
        code: "useEffect(() => {\n  fetchUser(userId);\n}, [userId]);",
        options: [
          "After every render",
          "Only once, after the first render",
          "Before each render in which userId changed",
          "After the first render, and again after any render in which userId changed",
        ],
        answer: "After the first render, and again after any render in which userId changed",
      },
      {
        question: "count starts at 0. What is count after one click?",
        code: "const [count, setCount] = useState(0);\n\nfunction handleClick() {\n  setCount(count + 1);\n  setCount(count + 1);\n  setCount(count + 1);\n}",
        options: ["0", "3", "1", "2"],
        answer: "1",
      },
      {
        question: "count starts at 0. What is count after one click?",
        code: "const [count, setCount] = useState(0);\n\nfunction handleClick() {\n  setCount(c => c + 1);\n  setCount(c => c + 1);\n  setCount(c => c + 1);\n}",
        options: ["1", "0", "2", "3"],
        answer: "3",
      },
      {
        question: "What makes an <input> a controlled component in React?",
        options: [
          "It has a ref attached to it",
          "Its value comes from React state through the value prop, and onChange updates that state",
          "It uses the defaultValue prop",
          "It is rendered inside a <form> element",
        ],
        answer: "Its value comes from React state through the value prop, and onChange updates that state",
      },
      {
        question: "What problem does React Context mainly solve?",
        options: [
          "Making components render faster",
          "Fetching data from a server",
          "Passing data to deeply nested components without passing props through every level",
          "Replacing local state in every component",
        ],
        answer: "Passing data to deeply nested components without passing props through every level",
      },
      {
        question: "What does this hook call do?",
        code: "const value = useMemo(() => compute(a, b), [a, b]);",
        options: [
          "Runs compute on every render",
          "Prevents the component from ever re-rendering",
          "Runs compute once and never again",
          "Caches the result of compute and recomputes it only when a or b changes",
        ],
        answer: "Caches the result of compute and recomputes it only when a or b changes",
      },
      {
        question: "Why does calling addItem not update the screen?",
        code: "const [items, setItems] = useState([1, 2]);\n\nfunction addItem() {\n  items.push(3);\n  setItems(items);\n}",
        options: [
          "Arrays cannot be stored in state",
          "setItems receives the same array reference, so React sees no change and skips the re-render",
          "setItems must be called before push",
          "State setters only accept numbers and strings",
        ],
        answer: "setItems receives the same array reference, so React sees no change and skips the re-render",
      },
      {
        question: "By default, what happens to a component's children when the component re-renders?",
        options: [
          "They re-render too, even if their props did not change",
          "They re-render only if their props changed",
          "They never re-render",
          "They are unmounted and mounted again",
        ],
        answer: "They re-render too, even if their props did not change",
      },
    ],
  },
];
