import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of SPEC.md §2, listed explicitly. */
export default [
  index("routes/home.tsx"),
  route("error", "routes/error.tsx"),
  route("register", "routes/register.tsx"),
  route("signin", "routes/signin.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("idp/interaction/:uid", "routes/idp-interaction.tsx"),
  // Test-only routes: 404 unless LOMDA_TEST_ROUTES=1.
  route("__test/throw", "routes/test-throw.tsx"),
  route("__test/slow", "routes/test-slow.tsx"),
  route("__test/slow-page", "routes/test-slow-page.tsx"),
  // Any other path: the 404 page. A splat route (rather than no match) keeps the root middleware running.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
