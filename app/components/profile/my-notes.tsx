import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { NoteItem } from "~/components/course/lesson-notes";
import type { NoteView } from "~/models/lesson-notes.types";

export interface NotesOfListView {
  key: string;
  title: string;
  lessons: { key: string; title: string; href: string | null; notes: NoteView[] }[];
}

/** "My notes" on the profile: the learner's own notes by list and lesson, to edit, delete or export (issue 32). */
export function MyNotes({ lists, exportHref }: { lists: readonly NotesOfListView[]; exportHref: string }) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}#notes`;
  return (
    <section className="container-page max-w-3xl scroll-mt-24 pb-14" aria-labelledby="notes" id="my-notes">
      <h2 id="notes" className="scroll-mt-24 text-2xl font-bold">
        {t("notes.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{t("notes.private")}</p>
      {lists.length === 0 ? (
        <p className="mt-3 text-ink-600" data-testid="notes-empty">
          {t("notes.profileEmpty")}
        </p>
      ) : (
        <>
          <p className="mt-3">
            {/* A file download: a plain link, not the router's navigation. */}
            <a href={exportHref} download className="btn btn-secondary" data-testid="notes-export">
              {t("notes.export")}
            </a>
          </p>
          <ul className="mt-4 grid gap-6" data-testid="profile-notes">
            {lists.map((list) => (
              <li key={list.key}>
                <h3 className="text-lg font-bold" {...fallback(list.title)}>
                  {list.title}
                </h3>
                <ul className="mt-2 grid gap-4">
                  {list.lessons.map((lesson) => (
                    <li key={lesson.key} className="rounded-[var(--radius-card)] border border-ink-100 p-4">
                      <h4 className="font-semibold">
                        {lesson.href ? (
                          <Link to={lesson.href} className="text-brand-800 hover:underline" {...fallback(lesson.title)}>
                            {lesson.title}
                          </Link>
                        ) : (
                          <span {...fallback(lesson.title)}>
                            {lesson.title} <span className="font-normal text-ink-600">({t("notes.unpublished")})</span>
                          </span>
                        )}{" "}
                        <span className="text-sm font-normal text-ink-600">
                          · {t("notes.count", { count: lesson.notes.length })}
                        </span>
                      </h4>
                      <ul className="mt-2 grid gap-2">
                        {lesson.notes.map((note) => (
                          <NoteItem key={`${note.id}:${note.updatedAt}`} note={note} back={back} />
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
