import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { CATALOGUE_URLS, QUIZ_KEYS, QUIZ_LIST_URL, quizUrl, VIDEO_LIST_URLS } from "./models/catalogue.urls";

/** A route path from a URL of the list: no leading slash. */
const path = (url: string) => url.slice(1);

/** Every URL of SPEC.md §2, listed explicitly. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("courses", "routes/courses.tsx"),
  route("team", "routes/team.tsx"),
  route("testimonial", "routes/testimonial.tsx"),
  route("Payments", "routes/payments.tsx"),
  route("order", "routes/order.tsx"),
  // The catalogue's URLs, one explicit route each (the list: models/catalogue.urls.ts).
  ...Object.keys(CATALOGUE_URLS).map((url) =>
    route(path(url), "routes/catalogue.tsx", { id: `catalogue:${path(url)}` }),
  ),
  ...Object.keys(VIDEO_LIST_URLS).map((url) =>
    route(path(url), "routes/video-list.tsx", { id: `videos:${path(url)}` }),
  ),
  route(path(QUIZ_LIST_URL), "routes/quiz-list.tsx"),
  // /test/React and /test/Javascript match too: routes are case-insensitive.
  ...QUIZ_KEYS.map((quiz) => route(path(quizUrl(quiz)), "routes/quiz.tsx", { id: `quiz:${quiz}` })),
  route("contact", "routes/contact.tsx"),
  route("captcha/challenge", "routes/captcha-challenge.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/newsletter.csv", "routes/admin-newsletter-csv.ts"),
  // The course builder (admins only).
  route("admin/courses", "routes/admin-courses.tsx"),
  route("admin/courses/new-catalogue", "routes/admin-courses-catalogue.tsx", { id: "admin-courses-new-catalogue" }),
  route("admin/courses/catalogue/:id", "routes/admin-courses-catalogue.tsx"),
  route("admin/courses/catalogue/:catalogueId/new-course", "routes/admin-courses-course.tsx", {
    id: "admin-courses-new-course",
  }),
  route("admin/courses/course/:id", "routes/admin-courses-course.tsx"),
  route("admin/courses/new-list", "routes/admin-courses-list.tsx", { id: "admin-courses-new-list" }),
  route("admin/courses/list/:id", "routes/admin-courses-list.tsx"),
  route("admin/courses/list/:listId/new-lesson", "routes/admin-courses-lesson.tsx", { id: "admin-courses-new-lesson" }),
  route("admin/courses/lesson/:id", "routes/admin-courses-lesson.tsx"),
  route("admin/courses/new-quiz", "routes/admin-courses-quiz.tsx", { id: "admin-courses-new-quiz" }),
  route("admin/courses/quiz/:id", "routes/admin-courses-quiz.tsx"),
  route("admin/courses/quiz/:quizId/new-question", "routes/admin-courses-question.tsx", {
    id: "admin-courses-new-question",
  }),
  route("admin/courses/question/:id", "routes/admin-courses-question.tsx"),
  route("library", "routes/library.tsx"),
  route("feedback", "routes/feedback.tsx"),
  route("feedback/new", "routes/feedback.tsx", { id: "feedback-new" }),
  route("api/feedback", "routes/api-feedback.ts"),
  route("api/books", "routes/api-books.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("error", "routes/error.tsx"),
  route("register", "routes/register.tsx"),
  route("signin", "routes/signin.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("auth/backchannel-logout", "routes/auth-backchannel-logout.ts"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("account/set-password", "routes/account-set-password.tsx"),
  route("account/forgot", "routes/account-forgot.tsx"),
  route("account/password", "routes/account-password.tsx"),
  route("idp/interaction/:uid", "routes/idp-interaction.tsx"),
  // Test-only routes: 404 unless LOMDA_TEST_ROUTES=1.
  route("__test/throw", "routes/test-throw.tsx"),
  route("__test/slow", "routes/test-slow.tsx"),
  route("__test/slow-page", "routes/test-slow-page.tsx"),
  route("__test/account", "routes/test-account.tsx"),
  route("__test/session", "routes/test-session.tsx"),
  // Any other path: the 404 page. A splat route (rather than no match) keeps the root middleware running.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
