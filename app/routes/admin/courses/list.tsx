import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  BilingualFields,
  BuilderForm,
  CheckboxField,
  CheckboxGroup,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import {
  BuilderPage,
  DeleteSection,
  FallbackNote,
  MoveButtons,
  moveMessage,
  PublicUrls,
  PublishedBadge,
  useFocusAfterMove,
  useLocalTitle,
  useTitled,
} from "~/components/admin/builder-parts";
import { localeContext, servicesOf } from "~/context.server";
import { takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import {
  ADMIN_LIMITS,
  CONFIRM_ERROR,
  DEFAULT_FREE_SAMPLES,
  moveRequestSchema,
  readAdminForm,
} from "~/models/catalogue-admin.schema";
import {
  builderRedirect,
  builderReply,
  createVideoList,
  deleteVideoList,
  getListForAdmin,
  listCourseChoices,
  logCatalogueChange,
  moveLesson,
  notFound,
  removeUnusedMedia,
  rowVersion,
  saveRefused,
  sentVersion,
  updateVideoList,
} from "~/models/catalogue-admin.server";
import { freeLessonCount } from "~/models/free-samples";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/list";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/list/:id (and /admin/courses/new-list): a video list — title and description in
 * both languages, free samples, published, the courses it belongs to — its public addresses, and
 * its lessons in order (moved one step at a time, added at the end). A new list is shown at
 * /courses/<slug>.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const found = params.id ? await getListForAdmin(db, params.id) : null;
  if (params.id && !found) throw notFound();
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  const he = i18n.language === "he";
  const name = found ? (he ? (found.list.titleHe ?? found.list.titleEn) : found.list.titleEn) : null;
  return data(
    {
      version: params.id ? await rowVersion(db, "video_lists", params.id) : null,
      title: i18n.t("courseAdmin.pageTitle", { title: name ?? i18n.t("courseAdmin.newList") }),
      flash: flash.message,
      list: found?.list ?? null,
      lessons: found?.lessons ?? [],
      courseIds: found?.courseIds ?? [],
      courses: await listCourseChoices(db),
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { db, log } = services;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = params.id;

  if (intent === "save") {
    const raw = readAdminForm(id ? "listUpdate" : "list", form);
    const result = id ? await updateVideoList(db, id, raw, sentVersion(form)) : await createVideoList(db, raw);
    if (!result.ok) return saveRefused(result, raw);
    logCatalogueChange(log, admin.id, { action: id ? "updated" : "created", kind: "list", id: result.id });
    return builderRedirect(
      `/admin/courses/list/${result.id}`,
      id ? "courseAdmin.saved" : "courseAdmin.created",
      services,
    );
  }
  if (intent === "delete" && id) {
    if (form.get("confirm") !== "on") return builderReply({ deleteError: CONFIRM_ERROR }, 400);
    const result = await deleteVideoList(db, id);
    if (!result.ok) throw notFound();
    await removeUnusedMedia(services.media, "video", result.files);
    logCatalogueChange(log, admin.id, { action: "deleted", kind: "list", id, detail: { files: result.files } });
    return builderRedirect("/admin/courses", "courseAdmin.deleted", services);
  }
  if (intent === "move" && id) {
    const move = moveRequestSchema.safeParse({ id: form.get("id"), direction: form.get("direction") });
    if (!move.success) return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
    const result = await moveLesson(db, move.data.id, move.data.direction);
    if (!result.ok) throw notFound();
    if (result.moved)
      logCatalogueChange(log, admin.id, { action: `moved ${move.data.direction}`, kind: "lesson", id: move.data.id });
    return builderReply({ moved: { ...move.data, moved: result.moved } });
  }
  return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/**
 * The free samples and "every lesson is free", with what learners will actually get when the number
 * would cover the whole list (the access rule caps it at one lesson fewer): said as the teacher types,
 * and on the page the server renders (without JavaScript, after a save).
 */
function FreeSamplesFields(props: { given: string; allFree: boolean; lessons: readonly unknown[] }) {
  const { t } = useTranslation();
  const [given, setGiven] = useState(props.given);
  const [allFree, setAllFree] = useState(props.allFree);
  const typed = /^\d{1,9}$/.test(given.trim()) ? Number(given.trim()) : null;
  const lessons = props.lessons.length;
  const count = freeLessonCount({ freeSamples: typed ?? 0, allFree, lessons: props.lessons });
  // A new list has no lessons yet: nothing to cover.
  const warning =
    allFree || typed === null || lessons === 0 || typed < lessons
      ? null
      : count === 0
        ? t("courseAdmin.freeSamplesNone")
        : t("courseAdmin.freeSamplesCapped", { count, lessons, given: typed });
  return (
    <div
      className="grid gap-5"
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        if (input.name === "freeSamples") setGiven(input.value);
        if (input.name === "allFree") setAllFree(input.checked);
      }}
    >
      <div className="max-w-xs">
        <TextField
          name="freeSamples"
          lang="code"
          inputMode="numeric"
          required
          hint={t("courseAdmin.freeSamplesHint")}
        />
      </div>
      {/* Always there, so that a screen reader hears the warning when typing brings it. */}
      <p
        role="status"
        className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900 empty:hidden"
        data-testid="free-samples-warning"
      >
        {warning}
      </p>
      <CheckboxField name="allFree" hint={t("courseAdmin.allFreeHint")} />
    </div>
  );
}

export default function ListEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const labels = useBuilderLabels();
  const { list, lessons, courseIds, courses } = loaderData;
  const moved = actionData?.moved ?? null;
  useFocusAfterMove(moved, lessons.map((item) => item.id).join());
  const initial: FormValues = list
    ? {
        titleEn: list.titleEn,
        titleHe: list.titleHe ?? "",
        descriptionEn: list.descriptionEn,
        descriptionHe: list.descriptionHe ?? "",
        freeSamples: String(list.freeSamples),
        allFree: list.allFree ? "on" : "",
        published: list.published ? "on" : "",
        courses: courseIds,
      }
    : { published: "on", freeSamples: String(DEFAULT_FREE_SAMPLES), courses: [] };
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = list ? localTitle(list) : t("courseAdmin.newList");
  const he = i18n.language === "he";
  const courseChoices = courses.map((c) => ({
    value: c.id,
    label: (
      <>
        <bdi>{he ? (c.catalogueHe ?? c.catalogueEn) : c.catalogueEn}</bdi> › <bdi>{localTitle(c)}</bdi>
      </>
    ),
  }));
  const message =
    moveMessage(
      moved,
      lessons.map((l) => ({ id: l.id, title: localTitle(l) })),
    ) ??
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        {list ? (
          <dl className="mb-5 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-semibold">{labels.slug}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono">
                {list.slug}
              </bdi>
            </dd>
            <dt className="font-semibold">{t("courseAdmin.columns.urls")}</dt>
            <dd>
              <PublicUrls paths={list.paths} />
            </dd>
          </dl>
        ) : null}
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${actionData?.version ?? loaderData.version ?? ""}:${JSON.stringify(values)}`}
          form={list ? "listUpdate" : "list"}
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={list ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="list-form"
        >
          {list ? null : (
            <TextField
              name="slug"
              lang="code"
              required
              maxLength={ADMIN_LIMITS.slug}
              hint={t("courseAdmin.slugHintPath", { path: "/courses/…" })}
            />
          )}
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <FreeSamplesFields
            given={typeof values.freeSamples === "string" ? values.freeSamples : ""}
            allFree={values.allFree === "on"}
            lessons={lessons.filter((lesson) => lesson.published)}
          />
          <CheckboxGroup name="courses" choices={courseChoices} empty={t("courseAdmin.noCoursesToChoose")} />
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </BuilderForm>
      </section>

      {list ? (
        <>
          <AdminTable
            name="lessons"
            title={t("courseAdmin.lessons")}
            columns={[
              t("courseAdmin.columns.number"),
              t("courseAdmin.columns.title"),
              t("courseAdmin.columns.length"),
              t("courseAdmin.columns.video"),
              t("courseAdmin.columns.status"),
            ]}
            actions={t("courseAdmin.columns.order")}
            headingExtra={
              <Link to={`/admin/courses/list/${list.id}/new-lesson`} className="btn btn-primary px-3 py-1.5 text-sm">
                {t("courseAdmin.addLesson")}
              </Link>
            }
          >
            {lessons.map((lesson, index) => (
              <tr key={lesson.id} className="border-b border-ink-100" data-testid="lesson-row">
                <td className="py-2 pe-3">{index + 1}</td>
                <td className="py-2 pe-3">
                  <Link to={`/admin/courses/lesson/${lesson.id}`} className="font-semibold text-brand-800 underline">
                    <bdi>{localTitle(lesson)}</bdi>
                  </Link>
                  <FallbackNote item={lesson} />
                </td>
                <td className="py-2 pe-3">
                  <bdi dir="ltr">{lesson.duration ?? "—"}</bdi>
                </td>
                <td className="py-2 pe-3">
                  {lesson.youtubeId ? (
                    <>
                      {t("courseAdmin.video.youtube")}{" "}
                      <bdi dir="ltr" className="font-mono text-xs">
                        {lesson.youtubeId}
                      </bdi>
                    </>
                  ) : lesson.videoFile ? (
                    t("courseAdmin.video.file")
                  ) : (
                    <span className={lesson.published ? "font-semibold text-danger-700" : ""}>
                      {t("courseAdmin.video.none")}
                    </span>
                  )}
                </td>
                <td className="py-2 pe-3">
                  <PublishedBadge published={lesson.published} />
                </td>
                <td className="py-2">
                  <MoveButtons id={lesson.id} title={localTitle(lesson)} index={index} count={lessons.length} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {lessons.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noLessons")}</p> : null}
          <DeleteSection
            confirmLabel={titled("courseAdmin.confirmDeleteList", title, { count: lessons.length })}
            buttonLabel={t("courseAdmin.deleteList")}
            error={actionData?.deleteError ?? undefined}
          />
        </>
      ) : null}
    </BuilderPage>
  );
}
