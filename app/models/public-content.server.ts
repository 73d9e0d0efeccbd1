import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { CATALOGUE_CHECK_MS, ensureCatalogueFresh } from "./catalogue.server";
import { feedbackChangesHere, readFeedbackVersion } from "./feedback.server";

/**
 * The version of what a visitor's page can show that changes while the site runs: the catalogue
 * (courses, lists, lessons, quizzes) and the visible feedback. A cached page is served only while
 * this is the version it was rendered at. A change in this process is seen at once; a change made
 * by another process on the same database within CATALOGUE_CHECK_MS (each version is asked for at
 * most that often).
 */
export async function publicContentVersion(db: Kysely<Database>, now: number = Date.now()): Promise<string> {
  const [catalogue, feedback] = await Promise.all([ensureCatalogueFresh(db, now), feedbackVersion(db, now)]);
  return `${catalogue.version}.${feedback}`;
}

interface FeedbackCheck {
  version: number;
  checkedAt: number;
  changesSeen: number;
  running?: Promise<number>;
}
const feedbackChecks = new WeakMap<Kysely<Database>, FeedbackCheck>();

/** The visible feedback's version (see publicContentVersion for how fresh). */
export function feedbackVersion(db: Kysely<Database>, now: number = Date.now()): Promise<number> | number {
  let check = feedbackChecks.get(db);
  if (!check) {
    check = { version: -1, checkedAt: Number.NEGATIVE_INFINITY, changesSeen: -1 };
    feedbackChecks.set(db, check);
  }
  const changes = feedbackChangesHere();
  if (check.changesSeen === changes && now - check.checkedAt < CATALOGUE_CHECK_MS) return check.version;
  if (check.running && check.changesSeen === changes) return check.running;
  const state = check;
  state.changesSeen = changes;
  const running = readFeedbackVersion(db).then((version) => {
    state.version = version;
    state.checkedAt = now;
    return version;
  });
  state.running = running;
  void running
    .finally(() => {
      if (state.running === running) state.running = undefined;
    })
    .catch(() => undefined);
  return running;
}
