import { data, redirect, type RouterContextProvider } from "react-router";
import { localeContext, servicesOf, type RequestInfo } from "~/context.server";
import { formatFileSize } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locale";
import { setFlash, takeFlash, type Flash } from "~/lib/cookies.server";
import type { Logger } from "~/lib/logger.server";
import type { MediaKind } from "~/lib/media-store.server";
import { isMultipart, readUpload, uploadErrorMessage, type UploadedFile } from "~/lib/uploads.server";
import {
  CONFIRM_ERROR,
  moveRequestSchema,
  readAdminForm,
  type AdminFormName,
  type FieldErrors,
} from "~/models/catalogue-admin.schema";
import type { AdminText, Direction, Removed, SaveOptions, WriteResult } from "~/models/course-builder/write.server";
import { removeUnusedMedia } from "~/models/course-builder/write.server";
import { getAdmin } from "~/routes/admin/guard.server";

/**
 * The course builder's editors (catalogue, course, list, lesson, quiz, question) are one shape:
 * a page that loads a row (or the form for a new one) with its version, and an action that saves,
 * deletes, reorders its children and, for some, takes an upload. Each screen declares its `Editor`
 * and hands its loader and action to `editorLoader` and `editorAction` (decision 0034).
 */

type Services = RequestInfo;
/** What a builder page's loader or action is given (its own forms' actions too: captions, resources). */
export type EditorArgs = {
  context: Readonly<RouterContextProvider>;
  request: Request;
  params: Record<string, string | undefined>;
};

/** The kinds of row, as they stand in the builder's URLs (/admin/courses/<kind>/<id>) and its audit log. */
export type EditorKind = "catalogue" | "course" | "list" | "lesson" | "quiz" | "question";

/* ---------- Replies ---------- */

/** What a builder page's action answers when it does not redirect: one shape for every page. */
export interface BuilderReply {
  /** The form's field errors, and what was typed, to show again. */
  errors: FieldErrors | null;
  values: Record<string, unknown> | null;
  /** The delete form's error (the confirmation box not ticked). */
  deleteError: TranslationKey | null;
  /** What a "Move up"/"Move down" did. */
  moved: { id: string; direction: Direction; moved: boolean } | null;
  /** Why an upload was refused: a translation key and its parameters. */
  uploadError: { key: TranslationKey; params?: Record<string, string | number> } | null;
  /** The "remove the file" form's error (the confirmation box not ticked). */
  removeError: TranslationKey | null;
  /** Why a resource file was refused (lesson editor): a translation key and its parameters. */
  resourceError: { key: TranslationKey; params?: Record<string, string | number> } | null;
  /** Why a captions file was refused (lesson editor): its language, and the message with the file's line. */
  captionsError: { language: Locale; key: TranslationKey; params?: Record<string, string | number> } | null;
  /** After a refused save from an older form: the row's version now (saving again replaces it). */
  version: number | null;
}

export function builderReply(body: Partial<BuilderReply>, status = 200) {
  const reply: BuilderReply = {
    errors: null,
    values: null,
    deleteError: null,
    moved: null,
    uploadError: null,
    removeError: null,
    captionsError: null,
    resourceError: null,
    version: null,
    ...body,
  };
  return data(reply, { status });
}

const badRequest = () => builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);

/**
 * A save that did not happen, answered with the form again and what was typed: its field errors
 * (400); the row deleted meanwhile (404); or the row saved meanwhile from another form (409), with
 * its version now, so that saving again deliberately replaces that change.
 */
export function saveRefused(result: Exclude<WriteResult, { ok: true }>, values: Record<string, unknown>) {
  if (result.status === 400) return builderReply({ errors: result.errors, values }, 400);
  if (result.status === 404)
    return builderReply({ errors: { form: "courseAdmin.errors.deletedElsewhere" }, values }, 404);
  return builderReply(
    { errors: { form: "courseAdmin.errors.changedElsewhere" }, values, version: result.version },
    409,
  );
}

/**
 * The version an edit form sent back (see SaveOptions). One that is not a whole number was not
 * written by the form: it stands for no version a row has (they start at 1), so the save is refused.
 */
export function sentVersion(form: FormData): SaveOptions {
  const version = form.get("version");
  if (typeof version !== "string" || version === "") return {};
  return { version: /^\d{1,15}$/.test(version) ? Number(version) : 0 };
}

/** After a change: post/redirect/get, with the result in the flash cookie. */
export async function builderRedirect(
  to: string,
  flash: Flash,
  cookies: { config: Services["config"]; cookieSecrets: string[] },
) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(cookies.config, cookies.cookieSecrets, flash) } });
}

export const notFound = () => data("Not Found", { status: 404 });

/* ---------- The audit log ---------- */

/** One line per change: who, what, which. Written only for a change that happened. */
export function logCatalogueChange(
  log: Logger,
  adminId: string,
  change: { action: string; kind: string; id: string; detail?: Record<string, unknown> },
) {
  log.info(
    { adminId, action: change.action, kind: change.kind, targetId: change.id, ...change.detail },
    `course builder: ${change.kind} ${change.action}`,
  );
}

/* ---------- Uploads ---------- */

export interface Upload {
  kind: MediaKind;
  field: string;
  maxBytes: (config: Services["config"]) => number;
  /**
   * Sets the stored file on the row; names the files that left unused, or null when the row is gone,
   * or why the row takes no more (the file is then removed again).
   */
  apply: (
    db: Services["db"],
    id: string,
    saved: UploadedFile,
  ) => Promise<{ previous: string | null; files: string[] } | { refused: TranslationKey } | null>;
  /** The flash after a stored file. */
  done: Flash;
}

/**
 * A cover image's upload (a course's, a catalogue's): its own multipart form, an image up to the
 * configured size, its type checked from its bytes; `set` puts its /media/covers/ path on the row.
 */
export const coverUpload = (
  set: (db: Services["db"], id: string, coverPath: string) => ReturnType<Upload["apply"]>,
): Upload => ({
  kind: "cover",
  field: "cover",
  maxBytes: (config) => config.maxImageBytes,
  apply: (db, id, saved) => set(db, id, `/media/covers/${saved.file}`),
  done: "courseAdmin.upload.coverUploaded",
});

/** Why an upload was refused: a translation key and its parameters (the limit, formatted in the page's language). */
export interface UploadRefusal {
  key: TranslationKey;
  params: Record<string, string | number>;
}

/**
 * A builder upload form (a lesson's video, a course's cover), after the admin check: streams the file
 * into the media store, hands it to `apply` (which sets it on its row and names the files that left
 * unused), removes those, and logs the change. Answers a refusal with nothing kept (the caller
 * answers it with a 400: the page again, or JSON to a script); null when the file is stored. A row
 * that is gone is a 404, and the new file is removed again.
 */
export async function takeUpload(
  request: Request,
  who: { services: Services; adminId: string; locale: Locale },
  upload: Upload,
  target: { kind: EditorKind; id: string },
): Promise<UploadRefusal | null> {
  const { services, adminId, locale } = who;
  const { media, log } = services;
  const result = await readUpload(request, {
    store: media,
    fileField: upload.field,
    kind: upload.kind,
    maxBytes: upload.maxBytes(services.config),
  });
  if (!result.ok) {
    const { key, limitBytes } = uploadErrorMessage(result, upload.kind, upload.field);
    log.info({ adminId, target, refused: result.error }, `course builder: ${upload.kind} upload refused`);
    return { key, params: limitBytes ? { limit: formatFileSize(limitBytes, locale) } : {} };
  }
  const saved = result.file!;
  const changed =
    result.fields.get("intent") === `upload-${upload.field}`
      ? await upload.apply(services.db, target.id, saved)
      : undefined;
  if (!changed) {
    await media.delete(upload.kind, saved.file);
    if (changed === null) throw notFound();
    return { key: "courseAdmin.errors.badRequest", params: {} };
  }
  if ("refused" in changed) {
    await media.delete(upload.kind, saved.file);
    return { key: changed.refused, params: {} };
  }
  await removeUnusedMedia(media, upload.kind, changed.files);
  logCatalogueChange(log, adminId, {
    action: `${upload.kind} uploaded`,
    kind: target.kind,
    id: target.id,
    detail: { file: saved.file, bytes: saved.size, seconds: saved.durationSeconds, replaced: changed.previous },
  });
  return null;
}

/* ---------- The editor ---------- */

type Saved = WriteResult<{ id: string } & Partial<Removed>>;

export interface Editor<Found extends { version: number }, Page extends object, Deleted extends Removed> {
  kind: EditorKind;
  /** The row with its version (read in one query), or null when there is none. */
  find: (db: Services["db"], id: string) => Promise<Found | null>;
  /** What the page is called: the row's title, or the name of a new one. */
  name: (found: Found) => AdminText | string;
  newName:
    | "courseAdmin.newCatalogue"
    | "courseAdmin.newCourse"
    | "courseAdmin.newList"
    | "courseAdmin.newLesson"
    | "courseAdmin.newQuiz"
    | "courseAdmin.newQuestion";
  /** The rest of the page's data (a new row's parent: a 404 when it is not there). */
  page: (
    found: Found | null,
    at: { services: Services; params: EditorArgs["params"]; locale: Locale },
  ) => Promise<Page>;
  /** The form a save reads: a new row's (with its slug) or an existing one's. */
  form: (isNew: boolean) => AdminFormName;
  create: (db: Services["db"], raw: Record<string, unknown>, params: EditorArgs["params"]) => Promise<Saved>;
  /** Where a new row's page goes instead of its own editor (a new exercise: on to writing it), with its message. */
  afterCreate?: (id: string, form: FormData) => { to: string; flash: Flash } | null;
  update: (db: Services["db"], id: string, raw: Record<string, unknown>, options: SaveOptions) => Promise<Saved>;
  /** Deletes the row; where the admin goes then; which uploaded files it left unused (and their kind). */
  remove: (db: Services["db"], id: string) => Promise<WriteResult<Deleted>>;
  afterDelete: (deleted: Deleted) => string;
  media?: MediaKind;
  /** Moves a child one step up or down (the page's list of lessons, questions…) and how the log names it. */
  move?: {
    run: (
      db: Services["db"],
      id: string,
      child: string,
      direction: Direction,
    ) => Promise<WriteResult<{ moved: boolean }>>;
    log: (
      id: string,
      child: string,
      direction: Direction,
    ) => { action: string; kind: string; id: string; detail?: Record<string, unknown> };
  };
  upload?: Upload;
  /** Further forms of the page, by intent. */
  intents?: Record<
    string,
    (at: {
      services: Services;
      id: string;
      form: FormData;
      adminId: string;
    }) => Promise<Response | ReturnType<typeof builderReply>>
  >;
}

/** Declares a screen's editor (its types inferred from it). */
export const defineEditor = <Found extends { version: number }, Page extends object, Deleted extends Removed>(
  editor: Editor<Found, Page, Deleted>,
) => editor;

/** An editor's loader: the row and its version, the page's title and flash, and what the page adds. */
export async function editorLoader<Found extends { version: number }, Page extends object, Deleted extends Removed>(
  { context, request, params }: EditorArgs,
  editor: Editor<Found, Page, Deleted>,
) {
  const services = servicesOf(context);
  const { locale, i18n } = context.get(localeContext);
  const found = params.id ? await editor.find(services.db, params.id) : null;
  if (params.id && !found) throw notFound();
  const page = await editor.page(found, { services, params, locale });
  const flash = await takeFlash(services.config, services.cookieSecrets, request, "courseAdmin.");
  const named = found ? editor.name(found) : null;
  const name =
    named === null
      ? i18n.t(editor.newName)
      : typeof named === "string"
        ? named
        : locale === "he"
          ? (named.titleHe ?? named.titleEn)
          : named.titleEn;
  return data(
    {
      version: found?.version ?? null,
      title: i18n.t("courseAdmin.pageTitle", { title: name }),
      flash: flash.message,
      ...page,
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

/** An editor's action: save, delete, move, upload and the page's own intents, each logged when it changed something. */
export async function editorAction<Found extends { version: number }, Page extends object, Deleted extends Removed>(
  { context, request, params }: EditorArgs,
  editor: Editor<Found, Page, Deleted>,
) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { db, log } = services;
  const id = params.id;
  const at = (path: string) => `/admin/courses/${editor.kind}/${path}`;
  // An upload: its own multipart form, streamed to the media store (never whole in memory).
  if (editor.upload && isMultipart(request)) {
    if (!id) throw notFound();
    const locale = context.get(localeContext).locale;
    const refused = await takeUpload(request, { services, adminId: admin.id, locale }, editor.upload, {
      kind: editor.kind,
      id,
    });
    return refused
      ? builderReply({ uploadError: refused }, 400)
      : builderRedirect(at(id), editor.upload.done, services);
  }
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "save") {
    const raw = readAdminForm(editor.form(!id), form);
    const result = id ? await editor.update(db, id, raw, sentVersion(form)) : await editor.create(db, raw, params);
    if (!result.ok) return saveRefused(result, raw);
    logCatalogueChange(log, admin.id, { action: id ? "updated" : "created", kind: editor.kind, id: result.id });
    // An uploaded file the save let go of (a cover swapped for a bundled one) is not kept once nothing uses it.
    if (editor.media && result.files) await removeUnusedMedia(services.media, editor.media, result.files);
    const onward = id ? null : (editor.afterCreate?.(result.id, form) ?? null);
    if (onward) return builderRedirect(onward.to, onward.flash, services);
    return builderRedirect(at(result.id), id ? "courseAdmin.saved" : "courseAdmin.created", services);
  }
  if (intent === "delete" && id) {
    if (form.get("confirm") !== "on") return builderReply({ deleteError: CONFIRM_ERROR }, 400);
    const result = await editor.remove(db, id);
    if (!result.ok) throw notFound();
    if (editor.media) await removeUnusedMedia(services.media, editor.media, result.files);
    if (result.resourceFiles) await removeUnusedMedia(services.media, "resource", result.resourceFiles);
    logCatalogueChange(log, admin.id, { action: "deleted", kind: editor.kind, id, detail: { files: result.files } });
    return builderRedirect(editor.afterDelete(result), "courseAdmin.deleted", services);
  }
  if (intent === "move" && id && editor.move) {
    const move = moveRequestSchema.safeParse({ id: form.get("id"), direction: form.get("direction") });
    if (!move.success) return badRequest();
    const result = await editor.move.run(db, id, move.data.id, move.data.direction);
    if (!result.ok) throw notFound();
    if (result.moved) logCatalogueChange(log, admin.id, editor.move.log(id, move.data.id, move.data.direction));
    return builderReply({ moved: { ...move.data, moved: result.moved } });
  }
  const own = typeof intent === "string" && id ? editor.intents?.[intent] : undefined;
  if (own) return own({ services, id: id!, form, adminId: admin.id });
  return badRequest();
}
