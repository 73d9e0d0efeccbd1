/**
 * A page in the outline of Lomda's home: a header, a hero, eight course cards from a loader, a
 * footer. Far lighter than it, though (86 elements and 7 kB against the home page's 361 and 48 kB):
 * what this app costs is the framework's own floor, and the markup peer (../rr-markup) shows what
 * the same framework pays for Lomda's page. The texts below are the page's weight: keep them as
 * they are, or runs stop being comparable.
 */
const cards = Array.from({ length: 8 }, (_, i) => ({
  key: `course-${i}`,
  title: `Course number ${i + 1}: a title of ordinary length`,
  teacher: "Dana Levi",
  students: 100 + i * 37,
  price: `$${(49 + i * 10).toFixed(2)}`,
  summary:
    "A summary of ordinary length, about as long as the ones on the real cards, so the page weighs about the same.",
}));

export function loader() {
  return { cards };
}

export function meta() {
  return [{ title: "Bare peer" }, { name: "description", content: "A bare React Router page" }];
}

export default function Home({ loaderData }: { loaderData: { cards: typeof cards } }) {
  return (
    <>
      <header>
        <nav>
          {["Home", "About", "Courses", "Library", "Feedback", "Contact"].map((label) => (
            <a key={label} href={`/${label.toLowerCase()}`}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main>
        <h1>Learn to program, step by step</h1>
        <p>Video lessons, practice quizzes and an e-library, in English and Hebrew.</p>
        <ul>
          {loaderData.cards.map((card) => (
            <li key={card.key}>
              <h2>{card.title}</h2>
              <p>{card.teacher}</p>
              <p>{card.students} students</p>
              <p>{card.price}</p>
              <p>{card.summary}</p>
              <a href={`/course/${card.key}`}>Read More</a>
            </li>
          ))}
        </ul>
      </main>
      <footer>© Bare peer</footer>
    </>
  );
}
