import { useTranslation } from "~/i18n/use-translation";
import { LOCALES } from "~/i18n/locale";
import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  BuilderPage,
  BuilderSection,
  FallbackNote,
  ListStatusBadge,
  MoveButtons,
  moveMessage,
  PublicUrls,
  PublishedBadge,
  useFocusAfterMove,
  useLocalTitle,
} from "~/components/admin/builder-parts";
import { useTitled } from "~/components/ui/titled";
import { localeContext, servicesOf } from "~/context.server";
import { takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import { moveRequestSchema } from "~/models/catalogue-admin.schema";
import { moveCatalogue } from "~/models/course-builder/catalogue.server";
import { loadCourseBuilderOverview } from "~/models/course-builder/overview.server";
import { moveQuiz } from "~/models/course-builder/quiz.server";
import { logCatalogueChange } from "./editor.server";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/overview";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses: the course builder's overview — catalogues with their course cards and the video
 * lists of each card, every video list (lessons, lessons without a video, URLs), the quizzes, and
 * how many published lessons learners cannot watch yet. Catalogues and quizzes are reordered here.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  const overview = await loadCourseBuilderOverview(db);
  return data(
    { title: i18n.t("courseAdmin.metaTitle"), flash: flash.message, ...overview },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

/** A move the page cannot have sent (no such intent, item or kind). */
const BAD_REQUEST: TranslationKey = "courseAdmin.errors.badRequest";

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const form = await request.formData();
  const parsed = moveRequestSchema.safeParse({
    id: form.get("id"),
    direction: form.get("direction"),
    kind: form.get("kind") ?? undefined,
  });
  if (form.get("intent") !== "move" || !parsed.success || !parsed.data.kind)
    return data({ moved: null, error: BAD_REQUEST }, { status: 400 });
  const { id, direction, kind } = parsed.data;
  const result = kind === "catalogue" ? await moveCatalogue(db, id, direction) : await moveQuiz(db, id, direction);
  if (!result.ok) throw data("Not Found", { status: 404 });
  if (result.moved) logCatalogueChange(log, admin.id, { action: `moved ${direction}`, kind, id });
  return { moved: { id, direction, moved: result.moved, kind }, error: null };
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function CourseBuilder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const moved = actionData?.moved ?? null;
  const { catalogues, lists, quizzes, missingVideos, missingLengths, missingCaptions } = loaderData;
  useFocusAfterMove(moved, (moved?.kind === "quiz" ? quizzes : catalogues).map((item) => item.id).join());
  const message = actionData?.error
    ? { key: actionData.error, tone: "error" as const }
    : moved
      ? moveMessage(
          moved,
          (moved.kind === "catalogue" ? catalogues : quizzes).map((item) => ({ id: item.id, title: localTitle(item) })),
        )
      : loaderData.flash
        ? { key: loaderData.flash }
        : null;
  return (
    <BuilderPage
      title={t("courseAdmin.title")}
      trail={[{ label: t("admin.title"), href: "/admin" }, { label: t("courseAdmin.title") }]}
      message={message}
    >
      {missingVideos > 0 ? (
        <p
          className="rounded-md border-s-4 border-danger-700 bg-red-50 p-4 font-semibold text-danger-700"
          data-testid="missing-videos"
        >
          {t("courseAdmin.missingVideos", { count: missingVideos })}
        </p>
      ) : (
        <p className="rounded-md bg-green-50 p-4 text-success-700" data-testid="missing-videos">
          {t("courseAdmin.allVideos")}
        </p>
      )}
      {missingLengths > 0 ? (
        <p
          className="mt-3 rounded-md border-s-4 border-danger-700 bg-red-50 p-4 font-semibold text-danger-700"
          data-testid="missing-lengths"
        >
          {t("courseAdmin.missingLengths", { count: missingLengths })}
        </p>
      ) : null}
      {LOCALES.map((language) =>
        missingCaptions[language] > 0 ? (
          <p
            key={language}
            className="mt-3 rounded-md border-s-4 border-amber-600 bg-amber-50 p-4 font-semibold text-amber-900"
            data-testid={`missing-captions-${language}`}
          >
            {t(language === "en" ? "courseAdmin.missingCaptionsEn" : "courseAdmin.missingCaptionsHe", {
              count: missingCaptions[language],
            })}
          </p>
        ) : null,
      )}

      <BuilderSection
        id="catalogues"
        title={t("courseAdmin.catalogues")}
        action={{ href: "/admin/courses/new-catalogue", label: t("courseAdmin.newCatalogue") }}
      >
        {catalogues.length === 0 ? <p className="text-ink-600">{t("courseAdmin.noCatalogues")}</p> : null}
        <ul className="space-y-6">
          {catalogues.map((catalogue, index) => (
            <li key={catalogue.id} className="rounded-lg border border-ink-200 p-4" data-testid="catalogue">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 id={`catalogue-${catalogue.id}`} className="text-xl font-bold">
                    <Link to={`/admin/courses/catalogue/${catalogue.id}`} className="text-brand-800 underline">
                      <bdi>{localTitle(catalogue)}</bdi>
                    </Link>
                    <FallbackNote item={catalogue} />
                  </h3>
                  <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
                    <PublishedBadge published={catalogue.published} />
                    <PublicUrls paths={catalogue.paths} />
                  </div>
                </div>
                <MoveButtons
                  id={catalogue.id}
                  title={localTitle(catalogue)}
                  index={index}
                  count={catalogues.length}
                  extra={{ kind: "catalogue" }}
                />
              </div>
              {catalogue.courses.length === 0 ? (
                <p className="mt-3 text-sm text-ink-600">{t("courseAdmin.noCourses")}</p>
              ) : (
                <ul className="mt-3 space-y-2">
                  {catalogue.courses.map((course) => (
                    <li key={course.id} className="rounded border border-ink-100 p-3" data-testid="course">
                      <Link
                        to={`/admin/courses/course/${course.id}`}
                        className="font-semibold text-brand-800 underline"
                      >
                        <bdi>{localTitle(course)}</bdi>
                      </Link>
                      <FallbackNote item={course} /> <PublishedBadge published={course.published} />
                      {course.lists.length > 0 ? (
                        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
                          {course.lists.map((list) => (
                            <li key={list.id}>
                              <Link to={`/admin/courses/list/${list.id}`} className="underline">
                                <bdi>{localTitle(list)}</bdi>
                              </Link>{" "}
                              ({t("courseAdmin.lessonCount", { count: list.lessons })})
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="mt-1 text-sm text-ink-600">{t("courseAdmin.noListsInCourse")}</p>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <Link
                to={`/admin/courses/catalogue/${catalogue.id}/new-course`}
                className="mt-3 inline-block text-sm font-semibold text-brand-800 underline"
              >
                {titled("courseAdmin.addCourseTo", localTitle(catalogue))}
              </Link>
            </li>
          ))}
        </ul>
      </BuilderSection>

      <AdminTable
        name="lists"
        title={t("courseAdmin.lists")}
        columns={[
          t("courseAdmin.columns.title"),
          t("courseAdmin.columns.urls"),
          t("courseAdmin.columns.lessons"),
          t("courseAdmin.columns.withoutVideo"),
          t("courseAdmin.columns.inCourses"),
          t("courseAdmin.columns.status"),
        ]}
        actions={t("courseAdmin.columns.actions")}
        headingExtra={
          <Link to="/admin/courses/new-list" className="btn btn-primary px-3 py-1.5 text-sm">
            {t("courseAdmin.newList")}
          </Link>
        }
      >
        {lists.map((list) => (
          <tr key={list.id} className="border-b border-ink-100 align-top" data-testid="list-row">
            <td className="py-2 pe-3">
              <Link to={`/admin/courses/list/${list.id}`} className="font-semibold text-brand-800 underline">
                <bdi>{localTitle(list)}</bdi>
              </Link>
              <FallbackNote item={list} />
            </td>
            <td className="py-2 pe-3">
              <PublicUrls paths={list.paths} />
            </td>
            <td className="py-2 pe-3">{list.lessons}</td>
            <td className={`py-2 pe-3 ${list.missingVideos > 0 ? "font-semibold text-danger-700" : ""}`}>
              {list.missingVideos}
            </td>
            <td className="py-2 pe-3">{list.courses}</td>
            <td className="py-2 pe-3">
              <ListStatusBadge status={list.status} />
            </td>
            <td className="py-2">
              <Link
                to={`/admin/courses/list/${list.id}/new-lesson`}
                className="text-sm text-brand-800 underline"
                aria-label={t("courseAdmin.addLessonTo", { title: localTitle(list) })}
              >
                {t("courseAdmin.addLesson")}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      {lists.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noLists")}</p> : null}

      <AdminTable
        name="quizzes"
        title={t("courseAdmin.quizzes")}
        columns={[
          t("courseAdmin.columns.title"),
          t("courseAdmin.columns.urls"),
          t("courseAdmin.columns.questions"),
          t("courseAdmin.columns.status"),
        ]}
        actions={t("courseAdmin.columns.order")}
        headingExtra={
          <Link to="/admin/courses/new-quiz" className="btn btn-primary px-3 py-1.5 text-sm">
            {t("courseAdmin.newQuiz")}
          </Link>
        }
      >
        {quizzes.map((quiz, index) => (
          <tr key={quiz.id} className="border-b border-ink-100 align-top" data-testid="quiz-row">
            <td className="py-2 pe-3">
              <Link to={`/admin/courses/quiz/${quiz.id}`} className="font-semibold text-brand-800 underline">
                <bdi>{localTitle(quiz)}</bdi>
              </Link>
              <FallbackNote item={quiz} />
            </td>
            <td className="py-2 pe-3">
              <PublicUrls paths={[`/test/${quiz.slug}`]} />
            </td>
            <td className="py-2 pe-3">{quiz.questions}</td>
            <td className="py-2 pe-3">
              <PublishedBadge published={quiz.published} />
            </td>
            <td className="py-2">
              <MoveButtons
                id={quiz.id}
                title={localTitle(quiz)}
                index={index}
                count={quizzes.length}
                extra={{ kind: "quiz" }}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      {quizzes.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noQuizzes")}</p> : null}
    </BuilderPage>
  );
}
