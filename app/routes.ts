import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of SPEC.md §2, listed explicitly. */
export default [
  index("routes/home.tsx"),
  route("error", "routes/error.tsx"),
  route("__test/throw", "routes/test-throw.tsx"),
  // Any other path: the 404 page. A splat route (rather than no match) keeps the root middleware running.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
