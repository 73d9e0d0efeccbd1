import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { BilingualFields, CheckboxField, CheckboxGroup, TextField } from "~/components/admin/builder-form";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS, DEFAULT_FREE_SAMPLES } from "~/models/catalogue-admin.schema";
import { listCourseChoices } from "~/models/course-builder/course.server";
import { moveLesson } from "~/models/course-builder/lesson.server";
import * as lists from "~/models/course-builder/list.server";
import { EditorPage, editorHandle, editorMeta } from "~/components/admin/editor-page";
import { OrderedTable, PublishedCell, TitleCell } from "~/components/admin/ordered-table";
import { AddressDetails, bilingualValues, SlugField } from "~/components/admin/editor-fields";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import { freeLessonCount } from "~/models/free-samples";
import type { Route } from "./+types/list";

export const handle = editorHandle;

/**
 * /admin/courses/list/:id (and /admin/courses/new-list): a video list — title and description in
 * both languages, free samples, published, the courses it belongs to — its public addresses, and
 * its lessons in order (moved one step at a time, added at the end). A new list is shown at
 * /courses/<slug>.
 */
const editor = defineEditor({
  kind: "list",
  find: lists.getListForAdmin,
  name: (found) => found.list,
  newName: "courseAdmin.newList",
  page: async (found, { services }) => ({
    list: found?.list ?? null,
    lessons: found?.lessons ?? [],
    courseIds: found?.courseIds ?? [],
    courses: await listCourseChoices(services.db),
  }),
  form: (isNew) => (isNew ? "list" : "listUpdate"),
  create: lists.createVideoList,
  update: lists.updateVideoList,
  remove: lists.deleteVideoList,
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

export const meta = editorMeta;

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
  const { list, lessons, courseIds, courses } = loaderData;
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
  return (
    <EditorPage
      title={title}
      loaderData={loaderData}
      actionData={actionData}
      ordered={lessons.map((l) => ({ id: l.id, title: localTitle(l) }))}
      form={{
        name: list ? "listUpdate" : "list",
        isNew: !list,
        testId: "list-form",
        initial: list
          ? {
              ...bilingualValues(list, "title", "description"),
              freeSamples: String(list.freeSamples),
              allFree: list.allFree ? "on" : "",
              comingSoon: list.comingSoon ? "on" : "",
              published: list.published ? "on" : "",
              courses: courseIds,
            }
          : // A new list is a draft until the admin publishes it (D-M8).
            { freeSamples: String(DEFAULT_FREE_SAMPLES), courses: [] },
      }}
      details={list ? <AddressDetails slug={list.slug} paths={list.paths} /> : null}
      fields={(values) => (
        <>
          {list ? null : <SlugField hint={t("courseAdmin.slugHintPath", { path: "/courses/…" })} />}
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <FreeSamplesFields
            given={typeof values.freeSamples === "string" ? values.freeSamples : ""}
            allFree={values.allFree === "on"}
            // Only lessons with a video are previewed (and counted) on the public pages.
            lessons={lessons.filter((lesson) => lesson.published && (lesson.youtubeId || lesson.videoFile))}
          />
          <CheckboxField name="comingSoon" hint={t("courseAdmin.comingSoonHint")} />
          <CheckboxGroup name="courses" choices={courseChoices} empty={t("courseAdmin.noCoursesToChoose")} />
          <CheckboxField name="published" hint={t(list ? "courseAdmin.publishedHint" : "courseAdmin.draftHint")} />
        </>
      )}
      remove={{ confirm: "courseAdmin.confirmDeleteList", button: "courseAdmin.deleteList", count: lessons.length }}
    >
      <OrderedTable
        name="lessons"
        title={t("courseAdmin.lessons")}
        columns={[
          t("courseAdmin.columns.number"),
          t("courseAdmin.columns.title"),
          t("courseAdmin.columns.length"),
          t("courseAdmin.columns.video"),
          t("courseAdmin.columns.status"),
        ]}
        rows={lessons}
        rowTestId="lesson-row"
        titleOf={(lesson) => localTitle(lesson)}
        add={list ? { to: `/admin/courses/list/${list.id}/new-lesson`, label: t("courseAdmin.addLesson") } : undefined}
        addAlso={
          list
            ? { to: `/admin/courses/list/${list.id}/new-lesson?kind=exercise`, label: t("courseAdmin.addExercise") }
            : undefined
        }
        cells={(lesson, index) => (
          <>
            <td className="py-2 pe-3">{index + 1}</td>
            <TitleCell to={`/admin/courses/lesson/${lesson.id}`} item={lesson} />
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
            <PublishedCell published={lesson.published} />
          </>
        )}
        empty={lessons.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noLessons")}</p> : null}
      />
    </EditorPage>
  );
}
