import { data, Link, redirect } from "react-router";
import { getCatalogue, getViewer, requireUser, servicesOf } from "~/context.server";
import { fieldErrors } from "~/lib/form-errors";
import { useTranslation } from "~/i18n/use-translation";
import { PageHeader } from "~/components/layout/page-header";
import { NoteForm, type NoteActionData } from "~/components/course/lesson-notes";
import { createNote, deleteNote, updateNote } from "~/models/lesson-notes.server";
import { NOTE_ERRORS, noteAction, noteForm } from "~/models/lesson-notes.schema";
import { locateLesson, mayTrack } from "~/models/progress.server";
import type { StringsHandle } from "~/i18n/sections";
import type { Route } from "./+types/notes";

export const handle = { strings: ["notes"] } satisfies StringsHandle;

/**
 * Signed-in only. Nothing to list here (the learner's notes are on their profile): the page shows a
 * refused note's form, when a post without JavaScript answers with one (the loader runs then too).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(getViewer(context), request);
  return null;
}

/**
 * POST /notes: a signed-in learner writes, edits or deletes one of their own notes (issue 32, point 4).
 * A plain form (the lesson's and the profile's), so it works without JavaScript: back where it came
 * from on success; on bad input this page shows the form again with its message and the text kept
 * (a script's form shows the same answer beside its field). Writing needs a lesson the learner may
 * watch; editing and deleting need the note to be theirs — another learner's note id answers 404,
 * as a note that does not exist, and changes nothing.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer.user) throw data("Unauthorized", { status: 401 });
  const userId = viewer.user.id;
  const { db, rateLimits } = servicesOf(context);
  const raw = Object.fromEntries(await request.formData());
  const kept = {
    intent: typeof raw.intent === "string" ? raw.intent : "",
    body: typeof raw.body === "string" ? raw.body.slice(0, 20_000) : "",
    lesson: typeof raw.lesson === "string" ? raw.lesson : "",
    note: typeof raw.note === "string" ? raw.note : "",
    back: typeof raw.back === "string" ? raw.back : "",
  };
  const limit = await rateLimits.notes.consume(userId);
  if (!limit.ok)
    return data({ errors: { form: "notes.errors.tooMany" }, values: kept } satisfies NoteActionData, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfter) },
    });
  const parsed = noteAction.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, noteForm);
    // A post the forms cannot make (no intent, a broken id or address): nothing to show beside a field.
    if (!errors.body || parsed.error.issues.some((issue) => issue.path[0] !== "body"))
      throw data("Bad Request", { status: 400 });
    return data({ errors, values: kept } satisfies NoteActionData, { status: 400 });
  }
  const post = parsed.data;
  const lng = new URL(request.url).searchParams.get("lng");
  if (post.intent === "create") {
    const location = locateLesson(getCatalogue(context), post.lesson);
    if (!location) throw data("Not Found", { status: 404 });
    if (!mayTrack(viewer, location)) throw data("Forbidden", { status: 403 });
    const created = await createNote(db, {
      userId,
      lessonId: location.lesson.id,
      body: post.body,
      position: post.position,
    });
    if (!created.ok)
      return data({ errors: { body: NOTE_ERRORS.limit }, values: kept } satisfies NoteActionData, { status: 400 });
    return redirect(post.back ?? withLanguage("/profile#notes", lng), 303);
  }
  if (post.intent === "update") {
    if (!(await updateNote(db, userId, post.note, post.body))) throw data("Not Found", { status: 404 });
  } else if (!(await deleteNote(db, userId, post.note))) {
    throw data("Not Found", { status: 404 });
  }
  return redirect(post.back ?? withLanguage("/profile#notes", lng), 303);
}

function withLanguage(path: string, lng: string | null): string {
  if (!lng) return path;
  const [base, hash] = path.split("#");
  return `${base}?${new URLSearchParams({ lng })}${hash ? `#${hash}` : ""}`;
}

export const meta = () => [{ name: "robots", content: "noindex" }];

/** Without JavaScript, a refused note: its form again, with the message beside the text and the text kept. */
export default function NotesFailed({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData;
  return (
    <>
      <PageHeader title={t(failed ? "notes.failedTitle" : "notes.heading")} />
      <section className="container-page max-w-2xl py-10">
        {failed ? (
          <NoteForm
            intent={failed.values.intent === "update" ? "update" : "create"}
            lesson={failed.values.lesson}
            note={failed.values.note}
            back={failed.values.back}
            initial={failed.values.body}
            errors={failed.errors}
          />
        ) : null}
        <p className="mt-6">
          <Link
            to={failed && /^\/(?![/\\])/.test(failed.values.back) ? failed.values.back : "/profile#notes"}
            className="font-semibold text-brand-800 underline"
          >
            {t("notes.back")}
          </Link>
        </p>
      </section>
    </>
  );
}
