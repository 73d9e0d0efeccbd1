/**
 * The quizzes' seed: loaded once into an empty database (app/models/catalogue-seed.server.ts), then
 * edited in the admin area. Checked against app/models/content.schema.ts. Each answer must equal one
 * English option exactly; `he` gives the question and options in Hebrew in the same order (code and
 * identifiers between backticks, shown left-to-right), `explanation` the review's one line on why.
 */
import type { z } from "zod";
import type { quiz } from "../app/models/content.schema.ts";

type QuizInput = z.input<typeof quiz>;

export const quizzes: QuizInput[] = [
  {
    key: "java",
    title: { en: "Java", he: "Java" },
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
        he: { question: "מה מדפיס הקוד הזה?", options: ["hello", "HELLO", "Hello", "שגיאת קומפילציה"] },
        explanation: {
          en: 'Strings are immutable: `toUpperCase()` returns a new String, and the result is discarded, so `s` is still `"hello"`.',
          he: 'מחרוזות ב־Java אינן ניתנות לשינוי: `toUpperCase()` מחזירה מחרוזת חדשה שהתוצאה שלה נזרקת, ולכן `s` נשארת `"hello"`.',
        },
      },
      {
        question: "What does this code print?",
        code: 'String a = new String("java");\nString b = new String("java");\nSystem.out.println((a == b) + " " + a.equals(b));',
        options: ["true true", "false true", "true false", "false false"],
        answer: "false true",
        he: { question: "מה מדפיס הקוד הזה?", options: ["true true", "false true", "true false", "false false"] },
        explanation: {
          en: "`==` compares references, and each `new String` is a distinct object; `equals()` compares the characters.",
          he: "`==` משווה הפניות, וכל `new String` יוצר אובייקט נפרד; `equals()` משווה את התווים עצמם.",
        },
      },
      {
        question:
          "If you override equals() in a class, which other method must you also override so its objects work correctly as HashMap keys or in a HashSet?",
        options: ["toString()", "compareTo()", "clone()", "hashCode()"],
        answer: "hashCode()",
        he: {
          question:
            "אם דורסים את `equals()` במחלקה, איזו מתודה נוספת חייבים לדרוס כדי שהאובייקטים שלה יעבדו נכון כמפתחות ב־`HashMap` או בתוך `HashSet`?",
          options: ["toString()", "compareTo()", "clone()", "hashCode()"],
        },
        explanation: {
          en: "Hash-based collections find an entry by `hashCode()` first, so objects that are `equals()` must return the same hash code.",
          he: "אוספים מבוססי גיבוב מאתרים רשומה קודם לפי `hashCode()`, ולכן אובייקטים ששווים לפי `equals()` חייבים להחזיר אותו קוד גיבוב.",
        },
      },
      {
        question: "What does this code print?",
        code: 'int x = 7 / 2;\ndouble y = 7 / 2;\nSystem.out.println(x + " " + y);',
        options: ["3 3.5", "3.5 3.5", "3 3.0", "4 3.5"],
        answer: "3 3.0",
        he: { question: "מה מדפיס הקוד הזה?", options: ["3 3.5", "3.5 3.5", "3 3.0", "4 3.5"] },
        explanation: {
          en: "`7 / 2` is integer division (3) in both lines; assigning 3 to a `double` makes it `3.0`.",
          he: "`7 / 2` הוא חילוק שלמים (3) בשתי השורות; ההשמה של 3 למשתנה `double` הופכת אותו ל־`3.0`.",
        },
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
        he: {
          question: "איזה סוג של חריגה חייבים לתפוס או להצהיר עליו בפסוקית `throws` של המתודה?",
          options: [
            "חריגות מסוג checked, כמו `IOException`",
            "חריגות מסוג unchecked, כמו `NullPointerException`",
            "שגיאות (Error), כמו `OutOfMemoryError`",
            "`RuntimeException` והמחלקות היורשות ממנה",
          ],
        },
        explanation: {
          en: "The compiler enforces handling only for checked exceptions; `RuntimeException`s and `Error`s are unchecked.",
          he: "הקומפיילר מחייב טיפול רק בחריגות checked; מחלקות `RuntimeException` ו־`Error` הן unchecked.",
        },
      },
      {
        question: "What does this code print?",
        code: 'class Animal { String sound() { return "..."; } }\nclass Dog extends Animal { String sound() { return "Woof"; } }\n\nAnimal a = new Dog();\nSystem.out.println(a.sound());',
        options: ["...", "Compilation error", "Woof", "ClassCastException at runtime"],
        answer: "Woof",
        he: {
          question: "מה מדפיס הקוד הזה?",
          options: ["...", "שגיאת קומפילציה", "Woof", "`ClassCastException` בזמן ריצה"],
        },
        explanation: {
          en: "Method calls are dispatched on the object's runtime type (`Dog`), not on the variable's declared type (`Animal`).",
          he: "קריאה למתודה נקבעת לפי הטיפוס של האובייקט בזמן ריצה (`Dog`), ולא לפי הטיפוס המוצהר של המשתנה (`Animal`).",
        },
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
        he: {
          question: "מכמה מחלקות יכולה מחלקת Java לרשת ישירות, וכמה ממשקים היא יכולה לממש?",
          options: [
            "מכל מספר של מחלקות, ממשק אחד",
            "ממחלקה אחת, כל מספר של ממשקים",
            "ממחלקה אחת, ממשק אחד",
            "מכל מספר של מחלקות וממשקים",
          ],
        },
        explanation: {
          en: "Java has single inheritance of classes (one `extends`) but a class may `implements` any number of interfaces.",
          he: "ב־Java יש ירושה יחידה של מחלקות (`extends` אחד), אבל מחלקה יכולה לממש (`implements`) כל מספר של ממשקים.",
        },
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
        he: {
          question: "מה המשמעות של מילת המפתח `final` כשהיא מוצמדת למחלקה?",
          options: [
            "אי אפשר לשנות את השדות שלה",
            "אי אפשר ליצור ממנה מופעים",
            "היא חייבת להיות אבסטרקטית",
            "אי אפשר לרשת ממנה",
          ],
        },
        explanation: {
          en: "A `final` class cannot be extended (like `String`); `final` on a field or variable is what prevents reassignment.",
          he: "מחלקה שהיא `final` אי אפשר לרשת ממנה (כמו `String`); `final` על שדה או משתנה הוא שמונע השמה מחדש.",
        },
      },
      {
        question: "What does this code print?",
        code: "class Counter {\n  static int count = 0;\n  Counter() { count++; }\n}\n\nnew Counter();\nnew Counter();\nnew Counter();\nSystem.out.println(Counter.count);",
        options: ["0", "1", "3", "Compilation error"],
        answer: "3",
        he: { question: "מה מדפיס הקוד הזה?", options: ["0", "1", "3", "שגיאת קומפילציה"] },
        explanation: {
          en: "A `static` field is shared by the whole class, so all three constructor calls increment the same `count`.",
          he: "שדה `static` משותף לכל המחלקה, ולכן שלוש הקריאות לבנאי מגדילות את אותו `count`.",
        },
      },
      {
        question: "Which of these collections does not allow duplicate elements?",
        options: ["ArrayList", "HashSet", "LinkedList", "ArrayDeque"],
        answer: "HashSet",
        he: {
          question: "איזה מהאוספים האלה אינו מאפשר איברים כפולים?",
          options: ["ArrayList", "HashSet", "LinkedList", "ArrayDeque"],
        },
        explanation: {
          en: "A `HashSet` is a `Set`: adding an element that is already there leaves the set unchanged.",
          he: "`HashSet` הוא `Set`: הוספה של איבר שכבר קיים בו לא משנה את הקבוצה.",
        },
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
        he: {
          question: "מה קורה בזמן ריצה לארגומנטים של טיפוס גנרי, כמו ה־`String` שב־`List<String>`?",
          options: [
            "הם נמחקים (erasure), כך שבזמן ריצה זו `List` רגילה",
            "הם נשמרים ונבדקים בכל קריאה ל־`add()`",
            "לכל פרמטריזציה נוצרת מחלקה משלה",
            "הם מומרים למערכים מאותו טיפוס",
          ],
        },
        explanation: {
          en: "Type erasure: generics are checked by the compiler and then removed, so `List<String>` and `List<Integer>` share one runtime class.",
          he: "מחיקת טיפוסים: הגנריקס נבדקים בקומפילציה ואז מוסרים, כך ש־`List<String>` ו־`List<Integer>` חולקות מחלקה אחת בזמן ריצה.",
        },
      },
      {
        question: "What does this code print?",
        code: "List<Integer> nums = List.of(1, 2, 3, 4, 5);\nint result = nums.stream()\n    .filter(n -> n % 2 == 1)\n    .map(n -> n * n)\n    .reduce(0, Integer::sum);\nSystem.out.println(result);",
        options: ["15", "55", "9", "35"],
        answer: "35",
        he: { question: "מה מדפיס הקוד הזה?", options: ["15", "55", "9", "35"] },
        explanation: {
          en: "The odd numbers 1, 3, 5 are squared to 1, 9, 25, and their sum is 35.",
          he: "המספרים האי־זוגיים 1, 3, 5 מועלים בריבוע ל־1, 9, 25, וסכומם 35.",
        },
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
        he: {
          question: "מה מפיק הקומפיילר של Java ‏(`javac`) מקובץ מקור `.java`?",
          options: [
            "קוד מכונה טבעי למעבד הנוכחי",
            "Bytecode בקובצי `.class`, שה־JVM מריץ",
            "קוד מקור באסמבלי",
            "סקריפט שה־JVM מפרש שורה אחר שורה מקוד המקור",
          ],
        },
        explanation: {
          en: "`javac` compiles to platform-independent bytecode; the JVM interprets it and JIT-compiles hot code at runtime.",
          he: "‏`javac` מהדר ל־bytecode שאינו תלוי בפלטפורמה; ה־JVM מפרש אותו ומהדר בזמן ריצה (JIT) את הקוד שרץ הרבה.",
        },
      },
      {
        question: "What does this code print?",
        code: 'static int test() {\n  try {\n    return 1;\n  } finally {\n    System.out.print("finally ");\n  }\n}\n\nSystem.out.println(test());',
        options: ["1", "1 finally", "finally 1", "Compilation error"],
        answer: "finally 1",
        he: { question: "מה מדפיס הקוד הזה?", options: ["1", "1 finally", "finally 1", "שגיאת קומפילציה"] },
        explanation: {
          en: 'The `finally` block runs before `test()` actually returns, so `"finally "` is printed before `println` prints 1.',
          he: 'בלוק ה־`finally` רץ לפני ש־`test()` חוזרת בפועל, ולכן `"finally "` מודפס לפני ש־`println` מדפיסה 1.',
        },
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
        he: {
          question: "מאז Java 8, מה יכול ממשק להכיל מלבד מתודות אבסטרקטיות?",
          options: [
            "מתודות `default` ו־`static` עם גוף",
            "שדות מופע שכל אובייקט מקבל עותק משלו שלהם",
            "בנאים",
            "מתודות `protected`",
          ],
        },
        explanation: {
          en: "Java 8 added `default` and `static` methods with bodies to interfaces; interfaces still have no instance fields or constructors.",
          he: "‏Java 8 הוסיפה לממשקים מתודות `default` ו־`static` עם גוף; עדיין אין בממשקים שדות מופע או בנאים.",
        },
      },
      {
        question: "What does this code print?",
        code: 'Map<String, Integer> map = new HashMap<>();\nmap.put("a", 1);\nmap.put("b", 2);\nmap.put("a", 3);\nSystem.out.println(map.size() + " " + map.get("a"));',
        options: ["3 1", "3 3", "2 1", "2 3"],
        answer: "2 3",
        he: { question: "מה מדפיס הקוד הזה?", options: ["3 1", "3 3", "2 1", "2 3"] },
        explanation: {
          en: 'Keys are unique: the second `put("a", 3)` replaces the value 1, so the map holds 2 entries and `"a"` maps to 3.',
          he: 'מפתחות הם ייחודיים: `put("a", 3)` השנייה מחליפה את הערך 1, ולכן במפה 2 רשומות ו־`"a"` ממופה ל־3.',
        },
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
        he: {
          question: "למה עדיף `StringBuilder` על שרשור מחרוזות עם `+` כשבונים מחרוזת בלולאה ארוכה?",
          options: [
            "הוא בטוח לשימוש בכמה תהליכונים",
            "הוא שומר את הטקסט שלו במאגר המחרוזות (string pool)",
            "הוא מוסיף למאגר (buffer) אחד שניתן לשינוי, במקום ליצור `String` חדש בכל סיבוב",
            "הוא דוחס את התווים כדי לחסוך בזיכרון",
          ],
        },
        explanation: {
          en: "Each `+` on a `String` copies the whole text into a new object (quadratic work in a loop); `StringBuilder` appends in place.",
          he: "כל `+` על `String` מעתיק את כל הטקסט לאובייקט חדש (עבודה ריבועית בלולאה); `StringBuilder` מוסיף במקום.",
        },
      },
      {
        question: "Which access modifier makes a member visible only inside its own class?",
        options: ["protected", "public", "package-private (no modifier)", "private"],
        answer: "private",
        he: {
          question: "איזה מציין גישה הופך איבר לגלוי רק בתוך המחלקה שלו?",
          options: ["protected", "public", "package-private (בלי מציין)", "private"],
        },
        explanation: {
          en: "`private` members are visible only inside their class; package-private adds the package, `protected` adds subclasses.",
          he: "איברים `private` גלויים רק בתוך המחלקה שלהם; package-private מוסיף את החבילה, ו־`protected` מוסיף גם מחלקות יורשות.",
        },
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
        he: {
          question: "מהי העמסת מתודות (overloading)?",
          options: [
            "מחלקה יורשת שמחליפה מתודה שירשה ממחלקת האב",
            "כמה מתודות עם אותו שם אבל עם רשימות פרמטרים שונות",
            "מתודה שקוראת לעצמה ברקורסיה",
            "סימון מתודה באנוטציה `@Override`",
          ],
        },
        explanation: {
          en: "Overloading is resolved at compile time by the parameter list; replacing an inherited method is overriding.",
          he: "העמסה נפתרת בזמן קומפילציה לפי רשימת הפרמטרים; החלפת מתודה שעברה בירושה היא דריסה (overriding).",
        },
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
        he: {
          question: "מתי אובייקט הופך לזכאי לאיסוף זבל (garbage collection) ב־Java?",
          options: [
            "מיד כשהמתודה שיצרה אותו חוזרת",
            "רק כשקוראים ל־`System.gc()`",
            "רק כשהתוכנית מסתיימת",
            "כשכבר אין אליו אף הפניה חיה",
          ],
        },
        explanation: {
          en: "The collector frees objects that no live reference can reach; `System.gc()` is only a hint.",
          he: "אוסף הזבל משחרר אובייקטים שאף הפניה חיה לא מגיעה אליהם; `System.gc()` היא רק המלצה.",
        },
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
        he: { question: "איזה קוד סטטוס של HTTP אומר שהמשאב המבוקש לא נמצא?", options: ["400", "401", "404", "500"] },
        explanation: {
          en: "404 Not Found; 400 is a malformed request, 401 missing authentication, 500 a server error.",
          he: "‏404 Not Found; ‏400 היא בקשה פגומה, 401 חוסר באימות, ו־500 שגיאת שרת.",
        },
      },
      {
        question: "Which HTTP method is idempotent and is typically used to replace a resource entirely?",
        options: ["PUT", "POST", "PATCH", "CONNECT"],
        answer: "PUT",
        he: {
          question: "איזו מתודת HTTP היא אידמפוטנטית ומשמשת בדרך כלל להחלפת משאב בשלמותו?",
          options: ["PUT", "POST", "PATCH", "CONNECT"],
        },
        explanation: {
          en: "`PUT` sends the whole new resource, so repeating it leaves the same state; `POST` creates and `PATCH` changes part.",
          he: "‏`PUT` שולחת את המשאב החדש כולו, ולכן חזרה עליה משאירה אותו מצב; `POST` יוצרת, ו־`PATCH` משנה חלק.",
        },
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
        he: {
          question: "מה ההבדל בין 401 Unauthorized לבין 403 Forbidden?",
          options: [
            "403 אומר שפרטי ההזדהות חסרים או שגויים; 401 אומר שהגישה נדחית גם עם פרטי הזדהות תקינים",
            "401 אומר שפרטי ההזדהות חסרים או שגויים; 403 אומר שהשרת הבין את הבקשה אבל מסרב לתת גישה",
            "401 נשלח משרתי proxy, ו־403 משרתי המקור",
            "הם אומרים אותו דבר ואפשר להחליף ביניהם",
          ],
        },
        explanation: {
          en: '401 means "who are you?" (authenticate and retry); 403 means "I know who you are, and you may not".',
          he: '‏401 אומר "מי אתם?" (הזדהו ונסו שוב); 403 אומר "אני יודע מי אתם, ואסור לכם".',
        },
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
        he: {
          question: "מה ש־CORS ‏(Cross-Origin Resource Sharing) קובע?",
          options: [
            "אם שרת רשאי להתחבר למסד נתונים במארח אחר",
            "איך עוגיות מוצפנות בזמן המעבר",
            "אילו מתודות HTTP שרת מקבל מכל לקוח, כולל `curl`",
            "אם הדפדפן מרשה לדף אינטרנט לקרוא תשובות ממקור (origin) אחר",
          ],
        },
        explanation: {
          en: "CORS is enforced by the browser on a page's scripts; servers and tools like `curl` are not restricted by it.",
          he: "‏CORS נאכף על ידי הדפדפן על הסקריפטים של הדף; שרתים וכלים כמו `curl` אינם מוגבלים על ידו.",
        },
      },
      {
        question:
          "Which cookie attribute prevents JavaScript on the page from reading the cookie through document.cookie?",
        options: ["Secure", "HttpOnly", "SameSite", "Domain"],
        answer: "HttpOnly",
        he: {
          question: "איזו תכונה של עוגייה מונעת מ־JavaScript בדף לקרוא את העוגייה דרך `document.cookie`?",
          options: ["Secure", "HttpOnly", "SameSite", "Domain"],
        },
        explanation: {
          en: "`HttpOnly` hides the cookie from scripts (limiting XSS theft); `Secure` is about HTTPS and `SameSite` about cross-site requests.",
          he: "‏`HttpOnly` מסתירה את העוגייה מסקריפטים (ומצמצמת גניבה ב־XSS); `Secure` נוגעת ל־HTTPS, ו־`SameSite` לבקשות בין אתרים.",
        },
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
        he: {
          question: "אסימון JWT ‏(JSON Web Token) חתום, אבל כברירת מחדל לא מוצפן. מה המשמעות?",
          options: [
            "אף אחד לא יכול לקרוא את התוכן שלו בלי המפתח הסודי של השרת",
            "הוא מפסיק לעבוד כשסוגרים את הדפדפן",
            "כל מי שמחזיק באסימון יכול לקרוא את התוכן שלו, אבל לא לשנות אותו בלי לפסול את החתימה",
            "השרת חייב לשמור כל אסימון שהנפיק במסד נתונים כדי לאמת אותו",
          ],
        },
        explanation: {
          en: "The payload is only Base64URL-encoded, so never put secrets in it; the signature makes any change detectable.",
          he: "התוכן רק מקודד ב־Base64URL, ולכן אסור לשים בו סודות; החתימה מאפשרת לגלות כל שינוי.",
        },
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
        he: {
          question: "מה מחזיר `LEFT JOIN`?",
          options: [
            "רק את השורות שיש להן התאמה בשתי הטבלאות",
            "כל צירוף של שורות משתי הטבלאות",
            "את כל השורות משתי הטבלאות, עם התאמה או בלי",
            "את כל השורות מהטבלה השמאלית, עם העמודות התואמות מהטבלה הימנית או `NULL` כשאין התאמה",
          ],
        },
        explanation: {
          en: "A `LEFT JOIN` keeps every row of the left table; an `INNER JOIN` keeps only matches, a `CROSS JOIN` every combination.",
          he: "‏`LEFT JOIN` שומר כל שורה של הטבלה השמאלית; `INNER JOIN` שומר רק התאמות, ו־`CROSS JOIN` כל צירוף.",
        },
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
        he: {
          question: "מה עושה הפסוקית `HAVING` בשאילתה הזו?",
          options: [
            "מסננת שורות לפני שהן מקובצות",
            "משאירה רק את המחלקות שיש בהן יותר מ־5 עובדים",
            "ממיינת את המחלקות לפי מספר העובדים",
            "מגבילה את התוצאה ל־5 שורות",
          ],
        },
        explanation: {
          en: "`HAVING` filters groups after `GROUP BY`, so it can test aggregates like `COUNT(*)`; `WHERE` filters rows before grouping.",
          he: "‏`HAVING` מסננת קבוצות אחרי `GROUP BY`, ולכן היא יכולה לבדוק צבירות כמו `COUNT(*)`; `WHERE` מסננת שורות לפני הקיבוץ.",
        },
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
        he: {
          question: "מה הפשרה העיקרית בהוספת אינדקס לעמודה במסד נתונים?",
          options: [
            "חיפושים מהירים יותר בעמודה הזו, במחיר כתיבות איטיות יותר ואחסון נוסף",
            "כתיבות מהירות יותר, במחיר קריאות איטיות יותר",
            "הוא מסיר ערכים כפולים מהעמודה",
            "הוא הופך את העמודה ל־`NOT NULL`",
          ],
        },
        explanation: {
          en: "The index is a separate sorted structure that must be updated on every insert, update and delete, and it takes space.",
          he: "האינדקס הוא מבנה ממוין נפרד שצריך לעדכן בכל הוספה, עדכון ומחיקה, והוא תופס מקום.",
        },
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
        he: {
          question: "ב־Express, מה קורה אם middleware לא קורא ל־`next()` וגם לא שולח תשובה?",
          options: [
            "‏Express קורא לטיפול הבא באופן אוטומטי",
            "‏Express עונה מיד ב־404",
            "הבקשה נתקעת עד שהזמן שלה פג",
            "תהליך השרת קורס",
          ],
        },
        explanation: {
          en: "Express only moves on when `next()` is called; otherwise nothing answers and the client waits until it times out.",
          he: "‏Express ממשיך הלאה רק כשקוראים ל־`next()`; אחרת אף אחד לא עונה, והלקוח מחכה עד שהזמן פג.",
        },
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
        he: {
          question: "איך MongoDB שומר נתונים?",
          options: [
            "כשורות בטבלאות עם סכמה קבועה",
            "כקובצי טקסט פשוטים, קובץ לכל רשומה",
            "כזוגות מפתח־ערך שטוחים שאי אפשר לקנן",
            "כמסמכי BSON שמקובצים באוספים (collections)",
          ],
        },
        explanation: {
          en: "MongoDB stores JSON-like BSON documents, which may nest objects and arrays, in collections without a fixed schema.",
          he: "‏MongoDB שומר מסמכי BSON דמויי JSON, שיכולים לקנן אובייקטים ומערכים, באוספים בלי סכמה קבועה.",
        },
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
        he: {
          question: "מה אומרת לדפדפן כותרת התשובה `Cache-Control: no-store`?",
          options: [
            "לא לשמור את התשובה באף מטמון",
            "לשמור את התשובה, אבל לאמת אותה מול השרת לפני כל שימוש",
            "לשמור את התשובה ליום אחד",
            "לשמור את התשובה רק ב־CDN",
          ],
        },
        explanation: {
          en: '`no-store` forbids caching at all; "store but revalidate before each use" is `no-cache`.',
          he: '‏`no-store` אוסרת כל שמירה במטמון; "לשמור אבל לאמת לפני כל שימוש" היא `no-cache`.',
        },
      },
      {
        question: "Which CSS selector has the highest specificity?",
        options: [".header", "div.header", "#header", "header"],
        answer: "#header",
        he: {
          question: "לאיזה סלקטור CSS יש הספציפיות הגבוהה ביותר?",
          options: [".header", "div.header", "#header", "header"],
        },
        explanation: {
          en: "An id selector outweighs any number of classes and element names, so `#header` beats `div.header`.",
          he: "סלקטור id גובר על כל מספר של מחלקות ושמות אלמנטים, ולכן `#header` גובר על `div.header`.",
        },
      },
      {
        question: "In a REST API, what is the conventional request to delete the user with id 42?",
        options: ["GET /deleteUser?id=42", "DELETE /users/42", "POST /users/42/delete", "PUT /users/delete/42"],
        answer: "DELETE /users/42",
        he: {
          question: "ב־REST API, מהי הבקשה המקובלת למחיקת המשתמש שה־id שלו 42?",
          options: ["GET /deleteUser?id=42", "DELETE /users/42", "POST /users/42/delete", "PUT /users/delete/42"],
        },
        explanation: {
          en: "REST names the resource in the URL (`/users/42`) and the action with the HTTP method (`DELETE`).",
          he: "‏REST מציין את המשאב בכתובת (`/users/42`) ואת הפעולה במתודת ה־HTTP ‏(`DELETE`).",
        },
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
        he: {
          question: "למה כדאי לקרוא סודות, כמו סיסמאות למסד הנתונים, ממשתני סביבה במקום לכתוב אותם בקוד המקור?",
          options: [
            "משתני סביבה מוצפנים על ידי מערכת ההפעלה",
            "זה גורם לאפליקציה לעלות מהר יותר",
            "קוד מקור לא יכול להכיל מחרוזות ארוכות מ־32 תווים",
            "כדי שלא ייכנסו לניהול הגרסאות ויוכלו להיות שונים בין סביבת הפיתוח לסביבת הייצור",
          ],
        },
        explanation: {
          en: "Anything committed is copied to every clone and kept in history; configuration from the environment stays outside the code.",
          he: "כל מה שנכנס ל־commit מועתק לכל שיבוט ונשמר בהיסטוריה; הגדרות מהסביבה נשארות מחוץ לקוד.",
        },
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
        he: { question: "מה מדפיס הקוד הזה?", options: ["null", "object", "undefined", "number"] },
        explanation: {
          en: 'A historic quirk: `typeof null` is `"object"`, even though `null` is a primitive.',
          he: 'תקלה היסטורית: `typeof null` הוא `"object"`, אף ש־`null` הוא ערך פרימיטיבי.',
        },
      },
      {
        question: "What does this code print?",
        code: 'console.log(0 == "0", 0 === "0");',
        options: ["true true", "false false", "false true", "true false"],
        answer: "true false",
        he: { question: "מה מדפיס הקוד הזה?", options: ["true true", "false false", "false true", "true false"] },
        explanation: {
          en: '`==` converts `"0"` to the number 0 before comparing; `===` also compares types, and number is not string.',
          he: '‏`==` ממיר את `"0"` למספר 0 לפני ההשוואה; `===` משווה גם טיפוסים, ומספר אינו מחרוזת.',
        },
      },
      {
        question: "What does this code print?",
        code: 'console.log("5" + 3, "5" - 3);',
        options: ["53 2", "8 2", "53 NaN", "8 8"],
        answer: "53 2",
        he: { question: "מה מדפיס הקוד הזה?", options: ["53 2", "8 2", "53 NaN", "8 8"] },
        explanation: {
          en: '`+` with a string concatenates (`"53"`), while `-` only works on numbers, so `"5"` becomes 5 and the result is 2.',
          he: '‏`+` עם מחרוזת משרשר (`"53"`), ואילו `-` עובד רק על מספרים, ולכן `"5"` הופך ל־5 והתוצאה 2.',
        },
      },
      {
        question: "What does this code print?",
        code: "function makeCounter() {\n  let count = 0;\n  return () => ++count;\n}\n\nconst c = makeCounter();\nc();\nc();\nconsole.log(c());",
        options: ["1", "2", "undefined", "3"],
        answer: "3",
        he: { question: "מה מדפיס הקוד הזה?", options: ["1", "2", "undefined", "3"] },
        explanation: {
          en: "The arrow function closes over the same `count`, which survives between calls: 1, 2, then 3.",
          he: "הפונקציה החצית סוגרת (closure) על אותו `count`, שנשמר בין הקריאות: 1, 2, ואז 3.",
        },
      },
      {
        question: "What does this code log?",
        code: "for (var i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}",
        options: ["0 1 2", "3 3 3", "0 0 0", "2 2 2"],
        answer: "3 3 3",
        he: { question: "מה הקוד הזה רושם?", options: ["0 1 2", "3 3 3", "0 0 0", "2 2 2"] },
        explanation: {
          en: "`var` creates one function-scoped `i`; by the time the timeouts run the loop has finished and `i` is 3 (`let` would give 0 1 2).",
          he: "‏`var` יוצר `i` אחד ברמת הפונקציה; כשהטיימרים רצים הלולאה כבר הסתיימה ו־`i` הוא 3 (עם `let` היה מודפס 0 1 2).",
        },
      },
      {
        question: "What does this code print?",
        code: "console.log(x);\nvar x = 5;",
        options: ["5", "null", "undefined", "ReferenceError"],
        answer: "undefined",
        he: { question: "מה מדפיס הקוד הזה?", options: ["5", "null", "undefined", "ReferenceError"] },
        explanation: {
          en: "`var` declarations are hoisted and initialised to `undefined`; the assignment of 5 happens only on the next line.",
          he: "הכרזות `var` מונפות (hoisting) ומאותחלות ל־`undefined`; ההשמה של 5 קורית רק בשורה הבאה.",
        },
      },
      {
        question: "What happens when this code runs?",
        code: "console.log(y);\nlet y = 5;",
        options: ["It prints undefined", "It prints 5", "It prints null", "It throws a ReferenceError"],
        answer: "It throws a ReferenceError",
        he: {
          question: "מה קורה כשהקוד הזה רץ?",
          options: ["מודפס `undefined`", "מודפס 5", "מודפס `null`", "נזרקת `ReferenceError`"],
        },
        explanation: {
          en: "`let` is hoisted but uninitialised until its line (the temporal dead zone), so reading it earlier throws.",
          he: "‏`let` מונף אבל לא מאותחל עד השורה שלו (האזור המת הזמני), ולכן קריאה שלו לפני כן זורקת חריגה.",
        },
      },
      {
        question: "What does this code print?",
        code: 'const user = { name: "Dana" };\nuser.name = "Noa";\nconsole.log(user.name);',
        options: ["Noa", "Dana", "TypeError", "undefined"],
        answer: "Noa",
        he: { question: "מה מדפיס הקוד הזה?", options: ["Noa", "Dana", "TypeError", "undefined"] },
        explanation: {
          en: "`const` only stops reassigning the variable; the object it points to can still be changed.",
          he: "‏`const` רק מונע השמה מחדש למשתנה; את האובייקט שהוא מצביע עליו עדיין אפשר לשנות.",
        },
      },
      {
        question: "In what order are the letters logged?",
        code: 'console.log("A");\nsetTimeout(() => console.log("B"), 0);\nPromise.resolve().then(() => console.log("C"));\nconsole.log("D");',
        options: ["A B C D", "A D C B", "A D B C", "A C D B"],
        answer: "A D C B",
        he: { question: "באיזה סדר נרשמות האותיות?", options: ["A B C D", "A D C B", "A D B C", "A C D B"] },
        explanation: {
          en: "Synchronous code runs first (A, D), then the microtask queue (promise, C), then the timer task (B).",
          he: "קודם רץ הקוד הסינכרוני (A, ‏D), אחריו תור ה־microtasks (ההבטחה, C), ורק אז משימת הטיימר (B).",
        },
      },
      {
        question: "What does calling getValue() return?",
        code: "async function getValue() {\n  return 42;\n}",
        options: ["42", "undefined", "A Promise that resolves to 42", "A Promise that rejects"],
        answer: "A Promise that resolves to 42",
        he: {
          question: "מה מחזירה הקריאה ל־`getValue()`?",
          options: ["42", "undefined", "‏`Promise` שמתממש ל־42", "‏`Promise` שנדחה"],
        },
        explanation: {
          en: "An `async` function always returns a `Promise`; its return value becomes the promise's resolved value.",
          he: "פונקציה `async` תמיד מחזירה `Promise`; הערך שהיא מחזירה הופך לערך שההבטחה מתממשת אליו.",
        },
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
        he: {
          question: "מאיפה מקבלת פונקציה חצית (arrow function) את הערך של `this`?",
          options: [
            "מהאובייקט שעליו היא נקראת",
            "הוא תמיד האובייקט הגלובלי",
            "הוא תמיד `undefined`",
            "מהטווח העוטף שבו הפונקציה החצית מוגדרת",
          ],
        },
        explanation: {
          en: "Arrow functions have no `this` of their own; they use the `this` of the scope they are written in.",
          he: "לפונקציות חציות אין `this` משלהן; הן משתמשות ב־`this` של הטווח שבו הן כתובות.",
        },
      },
      {
        question: "What does this code print?",
        code: "const result = [1, 2, 3, 4].filter(n => n % 2 === 0).map(n => n * 10);\nconsole.log(result);",
        options: ["[10, 30]", "[20, 40]", "[2, 4]", "[10, 20, 30, 40]"],
        answer: "[20, 40]",
        he: { question: "מה מדפיס הקוד הזה?", options: ["[10, 30]", "[20, 40]", "[2, 4]", "[10, 20, 30, 40]"] },
        explanation: {
          en: "`filter` keeps the even numbers `[2, 4]`, then `map` multiplies each by 10.",
          he: "‏`filter` משאיר את המספרים הזוגיים `[2, 4]`, ואז `map` מכפיל כל אחד ב־10.",
        },
      },
      {
        question: "What does this code print?",
        code: "const total = [1, 2, 3].reduce((sum, n) => sum + n, 10);\nconsole.log(total);",
        options: ["6", "10", "16", "123"],
        answer: "16",
        he: { question: "מה מדפיס הקוד הזה?", options: ["6", "10", "16", "123"] },
        explanation: {
          en: "`reduce` starts from the initial value 10 and adds 1, 2 and 3: 10 + 6 = 16.",
          he: "‏`reduce` מתחיל מהערך ההתחלתי 10 ומוסיף 1, 2 ו־3: ‏10 + 6 = 16.",
        },
      },
      {
        question: "What does this code print?",
        code: "const { a, b = 5, ...rest } = { a: 1, c: 3, d: 4 };\nconsole.log(a, b, rest);",
        options: ["1 undefined { c: 3, d: 4 }", "1 5 [3, 4]", "1 5 { b: 5, c: 3, d: 4 }", "1 5 { c: 3, d: 4 }"],
        answer: "1 5 { c: 3, d: 4 }",
        he: {
          question: "מה מדפיס הקוד הזה?",
          options: ["1 undefined { c: 3, d: 4 }", "1 5 [3, 4]", "1 5 { b: 5, c: 3, d: 4 }", "1 5 { c: 3, d: 4 }"],
        },
        explanation: {
          en: "`b` is missing from the object, so its default 5 applies; `...rest` collects the remaining properties into an object.",
          he: "‏`b` חסר באובייקט, ולכן ערך ברירת המחדל 5 חל; `...rest` אוסף את שאר התכונות לאובייקט.",
        },
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
        he: {
          question: "בהינתן המודול הזה, איזו פקודת import נכונה?",
          options: [
            'import add, { PI } from "./math.js";',
            'import { add, PI } from "./math.js";',
            'import add, PI from "./math.js";',
            'import { default, PI } from "./math.js";',
          ],
        },
        explanation: {
          en: "A default export is imported without braces under any name; named exports such as `PI` go inside braces.",
          he: "ייצוא ברירת מחדל מיובא בלי סוגריים מסולסלים ובכל שם; ייצואים בשם, כמו `PI`, נכתבים בתוך סוגריים מסולסלים.",
        },
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
        he: {
          question: "מה ההבדל העיקרי בין props לבין state?",
          options: [
            "הקומפוננטה יכולה לשנות את ה־props בעצמה; את ה־state לא",
            "‏props מועברים מההורה והם לקריאה בלבד עבור הקומפוננטה; state שייך לקומפוננטה והיא זו שמעדכנת אותו",
            "‏state מועבר מההורה; props מקומיים לקומפוננטה",
            "‏props רק לקומפוננטות מחלקה; state רק לקומפוננטות פונקציה",
          ],
        },
        explanation: {
          en: "Data flows down: a parent passes props, and a component changes only its own state (through its setter).",
          he: "הנתונים זורמים למטה: ההורה מעביר props, וקומפוננטה משנה רק את ה־state שלה (דרך פונקציית העדכון).",
        },
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
        he: {
          question: "למה React צריך prop בשם `key` על אלמנטים שמרונדרים מרשימה?",
          options: [
            "כדי לזהות כל פריט בין רינדורים, כך ש־React יוכל להתאים, לסדר מחדש ולשמור לכל פריט את ה־state הנכון",
            "כדי להחיל מחלקת CSS ייחודית על כל פריט",
            "כדי שהמשתמש יוכל למיין את הרשימה",
            "כדי להעביר לילד את האינדקס של הפריט כ־prop",
          ],
        },
        explanation: {
          en: "Without stable keys React matches items by position, so inserting or reordering can give state to the wrong item.",
          he: "בלי מפתחות יציבים React מתאים פריטים לפי מיקום, ולכן הוספה או שינוי סדר עלולים לשייך state לפריט הלא נכון.",
        },
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
        he: {
          question: "מתי האפקט הזה רץ (בלי להתחשב בהרצה הנוספת של Strict Mode בפיתוח)?",
          options: [
            "אחרי כל רינדור",
            "רק פעם אחת, אחרי הרינדור הראשון",
            "לפני כל רינדור שבו `userId` השתנה",
            "אחרי הרינדור הראשון, ושוב אחרי כל רינדור שבו `userId` השתנה",
          ],
        },
        explanation: {
          en: "Effects run after rendering: once on mount, and again whenever a value in the dependency array `[userId]` changed.",
          he: "אפקטים רצים אחרי הרינדור: פעם אחת בעלייה, ושוב בכל פעם שערך במערך התלויות `[userId]` השתנה.",
        },
      },
      {
        question: "count starts at 0. What is count after one click?",
        code: "const [count, setCount] = useState(0);\n\nfunction handleClick() {\n  setCount(count + 1);\n  setCount(count + 1);\n  setCount(count + 1);\n}",
        options: ["0", "3", "1", "2"],
        answer: "1",
        he: { question: "‏`count` מתחיל ב־0. מה הערך של `count` אחרי לחיצה אחת?", options: ["0", "3", "1", "2"] },
        explanation: {
          en: "All three calls read the same `count` (0) from this render, so each one sets 0 + 1.",
          he: "שלוש הקריאות קוראות את אותו `count` ‏(0) מהרינדור הזה, ולכן כל אחת קובעת 0 + 1.",
        },
      },
      {
        question: "count starts at 0. What is count after one click?",
        code: "const [count, setCount] = useState(0);\n\nfunction handleClick() {\n  setCount(c => c + 1);\n  setCount(c => c + 1);\n  setCount(c => c + 1);\n}",
        options: ["1", "0", "2", "3"],
        answer: "3",
        he: { question: "‏`count` מתחיל ב־0. מה הערך של `count` אחרי לחיצה אחת?", options: ["1", "0", "2", "3"] },
        explanation: {
          en: "An updater function receives the latest pending value, so the three updates are chained: 1, 2, 3.",
          he: "פונקציית עדכון מקבלת את הערך העדכני הממתין, ולכן שלושת העדכונים משורשרים: 1, 2, 3.",
        },
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
        he: {
          question: "מה הופך `<input>` לקומפוננטה מבוקרת (controlled) ב־React?",
          options: [
            "מחובר אליו `ref`",
            "הערך שלו מגיע מה־state של React דרך ה־prop ‏`value`, ו־`onChange` מעדכן את ה־state הזה",
            "הוא משתמש ב־prop ‏`defaultValue`",
            "הוא מרונדר בתוך אלמנט `<form>`",
          ],
        },
        explanation: {
          en: "In a controlled input React state is the single source of truth; `defaultValue` or a `ref` leave the DOM in charge.",
          he: "בשדה מבוקר ה־state של React הוא מקור האמת היחיד; `defaultValue` או `ref` משאירים את השליטה ב־DOM.",
        },
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
        he: {
          question: "איזו בעיה פותר בעיקר React Context?",
          options: [
            "גורם לקומפוננטות להתרנדר מהר יותר",
            "מביא נתונים משרת",
            "מעביר נתונים לקומפוננטות מקוננות עמוק בלי להעביר props דרך כל רמה",
            "מחליף את ה־state המקומי בכל קומפוננטה",
          ],
        },
        explanation: {
          en: 'Context avoids "prop drilling": any descendant can read the value from the nearest Provider.',
          he: '‏Context חוסך "קידוח props": כל צאצא יכול לקרוא את הערך מה־Provider הקרוב ביותר.',
        },
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
        he: {
          question: "מה עושה הקריאה ל־hook הזה?",
          options: [
            "מריצה את `compute` בכל רינדור",
            "מונעת מהקומפוננטה להתרנדר אי פעם מחדש",
            "מריצה את `compute` פעם אחת ולא יותר",
            "שומרת במטמון את התוצאה של `compute` ומחשבת אותה מחדש רק כש־`a` או `b` משתנים",
          ],
        },
        explanation: {
          en: "`useMemo` returns the cached value while the dependencies `[a, b]` are unchanged; it does not stop re-renders.",
          he: "‏`useMemo` מחזירה את הערך השמור כל עוד התלויות `[a, b]` לא השתנו; היא לא מונעת רינדורים.",
        },
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
        he: {
          question: "למה הקריאה ל־`addItem` לא מעדכנת את המסך?",
          options: [
            "אי אפשר לשמור מערכים ב־state",
            "‏`setItems` מקבלת את אותה הפניה למערך, ולכן React לא רואה שינוי ומדלג על הרינדור",
            "צריך לקרוא ל־`setItems` לפני `push`",
            "פונקציות עדכון של state מקבלות רק מספרים ומחרוזות",
          ],
        },
        explanation: {
          en: "React compares state with `Object.is`; mutating with `push` keeps the same array, so create a new one: `[...items, 3]`.",
          he: "‏React משווה state עם `Object.is`; שינוי עם `push` משאיר את אותו מערך, ולכן צריך ליצור חדש: `[...items, 3]`.",
        },
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
        he: {
          question: "כברירת מחדל, מה קורה לילדים של קומפוננטה כשהיא מתרנדרת מחדש?",
          options: [
            "גם הם מתרנדרים מחדש, אפילו אם ה־props שלהם לא השתנו",
            "הם מתרנדרים מחדש רק אם ה־props שלהם השתנו",
            "הם אף פעם לא מתרנדרים מחדש",
            "הם מוסרים ונטענים מחדש",
          ],
        },
        explanation: {
          en: "A re-render renders the whole subtree below it; wrapping a child in `memo` is what skips it when props are equal.",
          he: "רינדור מחדש מרנדר את כל תת־העץ שמתחתיו; עטיפת ילד ב־`memo` היא מה שמדלג עליו כשה־props שווים.",
        },
      },
    ],
  },
];
