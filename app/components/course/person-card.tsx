import type { PersonView } from "~/models/catalogue.types";

export function PersonCard({ person, eager = false }: { person: PersonView; eager?: boolean }) {
  return (
    <article className="h-full rounded-[var(--radius-card)] bg-white p-6 text-center shadow-[var(--shadow-card)]">
      <img
        src={`/images/people/${person.photo}`}
        alt=""
        width={240}
        height={240}
        loading={eager ? "eager" : "lazy"}
        className="mx-auto size-32 rounded-full object-cover"
      />
      <h3 className="mt-4 text-lg font-bold">{person.name}</h3>
      <p className="text-sm font-semibold text-brand-800">{person.role}</p>
      {person.bio ? <p className="mt-2 text-sm text-ink-600">{person.bio}</p> : null}
    </article>
  );
}

/**
 * Cards in a row are as tall as the tallest (each fills its grid cell), whatever the bio's length.
 * `firstScreen`: the grid starts in the first screen, so its first row (four wide) is not lazy.
 */
export function PeopleGrid({
  people,
  labelledBy,
  firstScreen = false,
}: {
  people: PersonView[];
  labelledBy: string;
  firstScreen?: boolean;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {people.map((person, i) => (
        <li key={person.key}>
          <PersonCard person={person} eager={firstScreen && i < 4} />
        </li>
      ))}
    </ul>
  );
}
