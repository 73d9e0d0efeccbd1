import { useId, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { Field, FieldError } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { clock } from "~/lib/clock";
import type { NoteErrorKey } from "~/models/lesson-notes.schema";
import type { NoteView } from "~/models/lesson-notes.types";
import { NOTE_MAX_LENGTH } from "~/models/lesson-notes.limits";

/** What POST /notes answers a refused note: the message for its field, and what was sent, to keep. */
export interface NoteActionData {
  errors: FieldErrors<"body", NoteErrorKey | "notes.errors.tooMany">;
  values: { intent: string; body: string; lesson: string; note: string; back: string };
}

const TEXTAREA =
  "block w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-invalid:border-red-700";

/** A time stamp: digits and colons, left to right inside a Hebrew line. */
function Stamp({ seconds }: { seconds: number }) {
  return <bdi dir="ltr">{clock(seconds)}</bdi>;
}

/**
 * The form that writes a note (or rewrites one): a plain POST to /notes, so it works without
 * JavaScript; with it, the answer's message shows beside the field and the text stays. A new note
 * is stamped with the video's position when it is sent (`getPosition`, from the player's owner).
 */
export function NoteForm({
  intent,
  lesson,
  note,
  back,
  initial = "",
  errors,
  getPosition,
  onCancel,
  label,
}: {
  intent: "create" | "update";
  lesson?: string;
  note?: string;
  back: string;
  initial?: string;
  /** The server's answer when the page was rendered from it (no JavaScript). */
  errors?: NoteActionData["errors"];
  getPosition?: () => number | null;
  onCancel?: () => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<NoteActionData>();
  const id = useId();
  const shown = fetcher.data?.errors ?? errors;
  const error = shown?.body ?? shown?.form;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/notes"
      className="mt-2 grid gap-2"
      onSubmit={(event) => {
        const position = getPosition?.();
        const input = event.currentTarget.elements.namedItem("position");
        if (input instanceof HTMLInputElement) input.value = position == null ? "" : String(Math.floor(position));
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {lesson ? <input type="hidden" name="lesson" value={lesson} /> : null}
      {note ? <input type="hidden" name="note" value={note} /> : null}
      {intent === "create" ? <input type="hidden" name="position" defaultValue="" /> : null}
      <input type="hidden" name="back" value={back} />
      <Field
        id={`${id}-body`}
        label={label ?? t(intent === "create" ? "notes.label" : "notes.editLabel")}
        hint={t(getPosition ? "notes.hintStamp" : "notes.hint", { max: NOTE_MAX_LENGTH })}
        error={error ? t(error, { max: NOTE_MAX_LENGTH }) : undefined}
        errorTestId="note-error"
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={3}
            required
            maxLength={NOTE_MAX_LENGTH}
            defaultValue={fetcher.data?.values.body ?? initial}
            className={TEXTAREA}
            dir="auto"
            data-testid="note-body"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="note-save">
          {t(intent === "create" ? "notes.add" : "notes.save")}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("notes.cancel")}
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

/** One note: its time stamp (a click plays from there, when a player is beside it), its text, edit and delete. */
export function NoteItem({ note, back, onSeek }: { note: NoteView; back: string; onSeek?: (seconds: number) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const remove = useFetcher<NoteActionData>();
  const position = note.position;
  return (
    <li className="rounded-md border border-ink-100 bg-ink-50 p-3" data-testid="note">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        {position !== null ? (
          onSeek ? (
            <button
              type="button"
              className="rounded-sm font-semibold text-brand-800 underline underline-offset-2"
              aria-label={t("notes.seek", { time: clock(position) })}
              onClick={() => onSeek(position)}
              data-testid="note-stamp"
            >
              <Stamp seconds={position} />
            </button>
          ) : (
            <span className="font-semibold text-ink-700" data-testid="note-stamp">
              <Stamp seconds={position} />
            </span>
          )
        ) : null}
        <p className="min-w-0 flex-1 break-words whitespace-pre-line text-ink-900" dir="auto" data-testid="note-text">
          {note.body}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-3 text-sm">
        {/* A <details>: editing opens without JavaScript too; open, it takes the whole row. */}
        <details className="open:basis-full" open={editing} onToggle={(event) => setEditing(event.currentTarget.open)}>
          <summary
            className="w-fit cursor-pointer list-none font-semibold text-brand-800 underline underline-offset-2 [&::-webkit-details-marker]:hidden"
            data-testid="note-edit"
          >
            {t("notes.edit")}
          </summary>
          <NoteForm intent="update" note={note.id} back={back} initial={note.body} onCancel={() => setEditing(false)} />
        </details>
        <remove.Form method="post" action="/notes">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="note" value={note.id} />
          <input type="hidden" name="back" value={back} />
          <button
            type="submit"
            className="font-semibold text-red-800 underline underline-offset-2"
            aria-label={t("notes.deleteLabel", { text: note.body.slice(0, 60) })}
            data-testid="note-delete"
          >
            {t("notes.delete")}
          </button>
        </remove.Form>
      </div>
      <FieldError id={`note-${note.id}-error`} error={remove.data?.errors.form && t(remove.data.errors.form)} />
    </li>
  );
}

/**
 * A signed-in learner's own notes under a lesson's player (issue 32, point 4): private, each stamped
 * with the video's position when there is a player that gives one (the self-hosted one; a YouTube
 * lesson's notes have no stamp), a click on the stamp asks the player's owner to seek there.
 */
export default function LessonNotes({
  lesson,
  notes,
  getPosition,
  onSeek,
}: {
  lesson: string;
  notes: readonly NoteView[];
  getPosition?: () => number | null;
  onSeek?: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}`;
  return (
    // A <details>: opens and closes without JavaScript; open from the start when there are notes.
    <details className="group mt-3 border-t border-ink-100 pt-2" open={notes.length > 0} data-testid="lesson-notes">
      <summary
        className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2"
        data-testid="notes-toggle"
      >
        {t("notes.lessonHeading")} ({t("notes.count", { count: notes.length })})
      </summary>
      <p className="mt-1 text-xs text-ink-600">{t("notes.private")}</p>
      {notes.length > 0 ? (
        <ul className="mt-2 grid gap-2">
          {notes.map((note) => (
            // A saved edit comes back with a new time: the item starts afresh, out of editing.
            <NoteItem key={`${note.id}:${note.updatedAt}`} note={note} back={back} onSeek={onSeek} />
          ))}
        </ul>
      ) : null}
      {/* A fresh, empty form once a note is saved (the list has grown). */}
      <NoteForm key={notes.length} intent="create" lesson={lesson} back={back} getPosition={getPosition} />
    </details>
  );
}
