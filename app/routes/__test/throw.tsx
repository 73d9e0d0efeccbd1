/**
 * Exists only for the test suite (LOMDA_TEST_ROUTES=1): a loader that fails, to prove the
 * "Unexpected Application Error!" page and its logging.
 */
export async function loader() {
  throw new Error("Deliberate failure for the error-page test");
}

export default function TestThrow() {
  return null;
}
