import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
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
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS, DEFAULT_FREE_SAMPLES } from "~/models/catalogue-admin.schema";
import { listCourseChoices } from "~/models/course-builder/course.server";
import { moveLesson } from "~/models/course-builder/lesson.server";
import {
  createVideoList,
  deleteVideoList,
  getListForAdmin,
  updateVideoList,
} from "~/models/course-builder/list.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import { freeLessonCount } from "~/models/free-samples";
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
const editor = defineEditor({
  kind: "list",
  find: getListForAdmin,
  name: (found) => found.list,
  newName: "courseAdmin.newList",
  page: async (found, { services }) => ({
    list: found?.list ?? null,
    lessons: found?.lessons ?? [],
    courseIds: found?.courseIds ?? [],
    courses: await listCourseChoices(services.db),
  }),
  form: (isNew) => (isNew ? "list" : "listUpdate"),
  create: createVideoList,
  update: updateVideoList,
  remove: deleteVideoList,
  afterDelete: () => "/admin/courses",
  media: "video",
  move: {
    run: (db, _id, lesson, direction) => moveLesson(db, lesson, direction),
    log: (_id, lesson, direction) => ({ action: `moved ${direction}`, kind: "lesson", id: lesson }),
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

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
