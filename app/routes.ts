import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { TEST_ROUTE_ID_PREFIX } from "./lib/test-routes";

/** A route for the test suite only: its id marks it, for the server to leave out (server/route-table.ts). */
const testRoute = (path: string, file: string) => route(path, file, { id: `${TEST_ROUTE_ID_PREFIX}${path}` });

/**
 * Every URL of the app. The catalogue's own URLs live in the database (catalogue_paths). A few URLs
 * are answered before this table, each for a stated reason (health checks, the fast lane, webhooks,
 * media range reads, built files, the OpenID provider): they are all listed in server/outside-router.ts.
 */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("courses", "routes/courses.tsx"),
  route("team", "routes/team.tsx"),
  route("testimonial", "routes/testimonial.tsx"),
  // The terms of use and the privacy notice that sign-up asks consent to (app/models/legal.ts).
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // The accessibility statement the regulations ask for; its details are the admin's (issue 32).
  route("accessibility", "routes/accessibility.tsx"),
  // Cancelling a purchase or stopping a renewal, as the Consumer Protection Law asks (issue 33).
  route("cancel", "routes/cancel.tsx"),
  route("Payments", "routes/payments.tsx"),
  route("order", "routes/order.tsx"),
  // Online payments (issue 18): start a checkout, come back from it, manage billing at the provider.
  route("checkout", "routes/checkout/checkout.ts"),
  route("checkout/success", "routes/checkout/success.tsx"),
  route("checkout/cancel", "routes/checkout/cancel.tsx"),
  route("billing/portal", "routes/billing-portal.ts"),
  // Catalogues and video lists: the loader finds the path in catalogue_paths (404 when unknown), so
  // a list added in the admin answers at once. /cources/programming is the original's spelling.
  route("courses/*", "routes/catalogue.tsx", { id: "catalogue:courses" }),
  route("cources/*", "routes/catalogue.tsx", { id: "catalogue:cources" }),
  route("course/:slug", "routes/course.tsx"),
  // A lesson's own page: its list's slug and its own (issue 32).
  route("lesson/:list/:lesson", "routes/lesson.tsx"),
  // A lesson's captions (WebVTT) for its player, under the lesson's access rule.
  route("captions/:lessonId/:file", "routes/captions.ts"),
  // A file a teacher attached to a lesson, downloaded under the lesson's access rule.
  route("lesson-files/:id", "routes/lesson-file.ts"),
  route("test", "routes/quiz-list.tsx"),
  // Any case: /test/React is the react quiz.
  route("test/:slug", "routes/quiz.tsx"),
  route("contact", "routes/contact.tsx"),
  route("captcha/challenge", "routes/captcha-challenge.ts"),
  route("newsletter", "routes/newsletter.ts"),
  // The admin area: one layout whose middleware admits admins only (docs/decisions/0034), so no
  // screen below can forget the guard. Every /admin URL is a child of it.
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/dashboard/dashboard.tsx"),
      route("newsletter.csv", "routes/admin/newsletter-csv.ts"),
      route("certificates", "routes/admin/certificates.tsx"),
      route("accessibility", "routes/admin/accessibility.tsx"),
      // The school's business details and buyers' cancellation requests (issue 33).
      route("business", "routes/admin/business.tsx"),
      route("cancellations", "routes/admin/cancellations.tsx"),
      // Coupons buyers enter on the order pages (issue 33, point 4).
      route("coupons", "routes/admin/coupons.tsx"),
      route("reviews", "routes/admin/reviews.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      // Payments with their tax documents, for the accountant (issue 33).
      route("payments.csv", "routes/admin/payments-csv.ts"),
      route("payments/:id/refund", "routes/admin/payment-refund.tsx"),
      route("learners/:id", "routes/admin/learner.tsx"),
      // The course builder.
      ...prefix("courses", [
        index("routes/admin/courses/overview.tsx"),
        route("new-catalogue", "routes/admin/courses/catalogue.tsx", { id: "admin-courses-new-catalogue" }),
        route("catalogue/:id", "routes/admin/courses/catalogue.tsx"),
        route("catalogue/:catalogueId/new-course", "routes/admin/courses/course.tsx", {
          id: "admin-courses-new-course",
        }),
        route("course/:id", "routes/admin/courses/course.tsx"),
        route("new-list", "routes/admin/courses/list.tsx", { id: "admin-courses-new-list" }),
        route("list/:id", "routes/admin/courses/list.tsx"),
        route("list/:listId/new-lesson", "routes/admin/courses/lesson.tsx", { id: "admin-courses-new-lesson" }),
        route("lesson/:id", "routes/admin/courses/lesson.tsx"),
        // The same video upload sent by the page's script, which shows its progress: answered in JSON.
        route("lesson/:id/video", "routes/admin/courses/lesson-video.ts"),
        // The lesson as a JavaScript or SQL exercise, its check and its learners' figures (issue 34).
        route("lesson/:id/exercise", "routes/admin/courses/exercise.tsx"),
        route("new-quiz", "routes/admin/courses/quiz.tsx", { id: "admin-courses-new-quiz" }),
        route("quiz/:id", "routes/admin/courses/quiz.tsx"),
        route("quiz/:quizId/new-question", "routes/admin/courses/question.tsx", { id: "admin-courses-new-question" }),
        route("question/:id", "routes/admin/courses/question.tsx"),
      ]),
    ]),
  ]),
  route("certificates/:id", "routes/certificate.tsx"),
  route("library", "routes/library.tsx"),
  route("feedback", "routes/feedback.tsx"),
  route("feedback/new", "routes/feedback.tsx", { id: "feedback-new" }),
  // POST only: the GET (the public list) is the fast lane's (server/outside-router.ts).
  route("api/feedback", "routes/api-feedback.ts"),
  route("api/books", "routes/api-books.ts"),
  route("api/strings", "routes/api-strings.ts"),
  route("api/progress", "routes/api-progress.ts"),
  // A learner's private notes on lessons: written, edited and deleted here; exported as Markdown.
  route("notes", "routes/notes.tsx"),
  route("notes.md", "routes/notes-export.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("error", "routes/error.tsx"),
  route("register", "routes/register.tsx"),
  route("signin", "routes/signin.tsx"),
  route("auth/callback", "routes/auth/callback.tsx"),
  route("auth/backchannel-logout", "routes/auth/backchannel-logout.ts"),
  route("auth/frontchannel-logout", "routes/auth/frontchannel-logout.ts"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("account/set-password", "routes/account/set-password.tsx"),
  route("account/forgot", "routes/account/forgot.tsx"),
  route("account/password", "routes/account/password.tsx"),
  route("account/signup", "routes/account/signup.tsx"),
  route("account/confirm", "routes/account/confirm.tsx"),
  route("account/details", "routes/account/details.tsx"),
  route("idp/interaction/:uid", "routes/idp-interaction.tsx"),
  // Test-only routes: in every build (the tests run the production one), served only when
  // LOMDA_TEST_ROUTES=1 — the server leaves them out of its route table otherwise (decision 0035).
  testRoute("__test/throw", "routes/__test/throw.tsx"),
  testRoute("__test/slow", "routes/__test/slow.tsx"),
  testRoute("__test/slow-page", "routes/__test/slow-page.tsx"),
  testRoute("__test/account", "routes/__test/account.tsx"),
  testRoute("__test/session", "routes/__test/session.tsx"),
  testRoute("admin/__test/upload", "routes/__test/upload.tsx"),
  testRoute("__test/grade", "routes/__test/grade.ts"),
  // Any other path: the 404 page. A splat route (rather than no match) keeps the root middleware running.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
