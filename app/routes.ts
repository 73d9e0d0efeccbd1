import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of SPEC.md §2. The catalogue's own URLs live in the database (catalogue_paths). */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("courses", "routes/courses.tsx"),
  route("team", "routes/team.tsx"),
  route("testimonial", "routes/testimonial.tsx"),
  route("Payments", "routes/payments.tsx"),
  route("order", "routes/order.tsx"),
  // Catalogues and video lists: the loader finds the path in catalogue_paths (404 when unknown), so
  // a list added in the admin answers at once. /cources/programming is the original's spelling.
  route("courses/*", "routes/catalogue.tsx", { id: "catalogue:courses" }),
  route("cources/*", "routes/catalogue.tsx", { id: "catalogue:cources" }),
  route("course/:slug", "routes/course.tsx"),
  route("test", "routes/quiz-list.tsx"),
  // Any case: /test/React is the react quiz.
  route("test/:slug", "routes/quiz.tsx"),
  route("contact", "routes/contact.tsx"),
  route("captcha/challenge", "routes/captcha-challenge.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/newsletter.csv", "routes/admin-newsletter-csv.ts"),
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
  route("auth/frontchannel-logout", "routes/auth-frontchannel-logout.ts"),
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
  route("admin/__test/upload", "routes/test-upload.tsx"),
  // Any other path: the 404 page. A splat route (rather than no match) keeps the root middleware running.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
