/**
 * The test-only routes' ids (app/routes.ts) start with this. They are in every build, since the
 * tests run the production build; the server keeps them in its route table only when
 * LOMDA_TEST_ROUTES=1 (server/route-table.ts, decision 0035).
 */
export const TEST_ROUTE_ID_PREFIX = "test:";
