export function SectionHeading({ eyebrow, title, id }: { eyebrow?: string; title: string; id: string }) {
  return (
    <div className="mb-10 text-center">
      {eyebrow ? <p className="text-sm font-bold tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className="mt-1 text-3xl font-extrabold text-ink-900 sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}
