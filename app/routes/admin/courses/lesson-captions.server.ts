import { localeContext, servicesOf } from "~/context.server";
import { formatFileSize } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import { isLocale, type Locale } from "~/i18n/locale";
import { CAPTIONS_MAX_BYTES, type CaptionsProblem } from "~/lib/captions.server";
import { drain, isMultipart } from "~/lib/uploads.server";
import { removeLessonCaptions, saveLessonCaptions } from "~/models/lesson-captions.server";
import { getAdmin } from "~/routes/admin/guard.server";
import { builderRedirect, builderReply, logCatalogueChange, notFound, type EditorArgs } from "./editor.server";

/**
 * The lesson editor's captions forms (issue 32): upload a WebVTT or SRT file for one language, or
 * remove one. A file is small (CAPTIONS_MAX_BYTES), so the form is read whole once its declared
 * length allows it; a broken file is answered with its line and reason beside its form, nothing stored.
 */

/** Room for the form's other fields and its multipart framing. */
const FORM_OVERHEAD = 16 * 1024;

/** Is this a captions form's post? Its address says, and which language: `?captions=he`. */
export const isCaptionsPost = (request: Request) => new URL(request.url).searchParams.has("captions");

export async function captionsAction({ context, request, params }: EditorArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { locale } = context.get(localeContext);
  const id = params.id;
  if (!id) throw notFound();
  const refuse = (language: Locale, key: TranslationKey, values?: Record<string, string | number>) =>
    builderReply({ captionsError: { language, key, ...(values ? { params: values } : {}) } }, 400);
  const asked = new URL(request.url).searchParams.get("captions");
  if (!isLocale(asked)) {
    await drain(request.body);
    throw notFound();
  }
  const language: Locale = asked;

  if (!isMultipart(request)) {
    // Removing a language's file: a plain form.
    const form = await request.formData();
    if (form.get("intent") !== `remove-captions-${language}`) return refuse(language, "upload.badRequest");
    const removed = await removeLessonCaptions(services.db, id, language);
    if (!removed.ok) throw notFound();
    logCatalogueChange(services.log, admin.id, {
      action: "captions removed",
      kind: "lesson",
      id,
      detail: { language },
    });
    return builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.captions.removed", services);
  }

  if (Number(request.headers.get("content-length") ?? Infinity) > CAPTIONS_MAX_BYTES + FORM_OVERHEAD) {
    await drain(request.body);
    return refuse(language, "courseAdmin.captions.errors.tooBig", {
      limit: formatFileSize(CAPTIONS_MAX_BYTES, locale),
    });
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get(`captions-${language}`);
  } catch {
    return refuse(language, "upload.badRequest");
  }
  if (!(file instanceof File) || file.size === 0) return refuse(language, "upload.missingFile");
  const saved = await saveLessonCaptions(
    services.db,
    id,
    language,
    new Uint8Array(await file.arrayBuffer()),
    file.name,
  );
  if (!saved.ok && saved.status === 404) throw notFound();
  if (!saved.ok) {
    services.log.info({ adminId: admin.id, lessonId: id, problem: saved.problem }, "course builder: captions refused");
    return refuse(language, CAPTIONS_PROBLEM_KEYS[saved.problem], {
      line: saved.line,
      limit: formatFileSize(CAPTIONS_MAX_BYTES, locale),
    });
  }
  logCatalogueChange(services.log, admin.id, {
    action: "captions uploaded",
    kind: "lesson",
    id,
    detail: { language, cues: saved.cues },
  });
  return builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.captions.saved", services);
}

const CAPTIONS_PROBLEM_KEYS: Record<CaptionsProblem, TranslationKey> = {
  notText: "courseAdmin.captions.errors.notText",
  notCaptions: "courseAdmin.captions.errors.notCaptions",
  header: "courseAdmin.captions.errors.header",
  timing: "courseAdmin.captions.errors.timing",
  order: "courseAdmin.captions.errors.order",
  setting: "courseAdmin.captions.errors.setting",
  format: "courseAdmin.captions.errors.format",
  empty: "courseAdmin.captions.errors.empty",
  tooBig: "courseAdmin.captions.errors.tooBig",
  tooMany: "courseAdmin.captions.errors.tooMany",
};
