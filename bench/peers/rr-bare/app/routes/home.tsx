/**
 * A page of about the same shape as Lomda's home: a header, a hero, eight course cards from a
 * loader, a footer. What a bare React Router app costs to render it is the floor Lomda is held to.
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
