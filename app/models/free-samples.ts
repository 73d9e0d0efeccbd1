/**
 * The cap on free samples, apart from the access module (access.server.ts, which decides with it)
 * so that the course builder's form can say, as the teacher types, what learners will get. No
 * server code here: the browser bundle imports this file.
 */

/**
 * What the cap looks at: the teacher's number, their "every lesson is free", the published lessons
 * that have a video (a lesson without one is never a free preview: issue 31, D-H2).
 */
export interface FreeSamplesOf {
  /** How many lessons from the top the teacher made free samples (0 to 50). */
  freeSamples: number;
  /** The teacher made every lesson free for signed-in learners: the only way a whole list is free. */
  allFree: boolean;
  /** The list's published lessons with a video, in order (only how many there are counts). */
  lessons: readonly unknown[];
}

/**
 * How many lessons from the top of a list a signed-in learner may watch free. Free samples are a
 * taste of what is sold, so they never cover the whole list: at most one lesson fewer than it has,
 * and none in a one-lesson list (issue 29: four one-lesson courses sold at $49 to $219 were wholly
 * "free samples", certificate included). The teacher's explicit "every lesson is free" is the one
 * way to give a whole list away.
 */
export function freeLessonCount(list: FreeSamplesOf): number {
  const lessons = list.lessons.length;
  if (list.allFree) return lessons;
  return Math.max(0, Math.min(list.freeSamples, lessons - 1));
}

/**
 * How many lessons from the top anyone may watch, signed in or not: the teacher's free previews
 * (issue 31, D-M3), labelled "Preview". "Every lesson is free" is for signed-in learners only, so a
 * visitor of such a list gets the previews and signs in for the rest.
 */
export function previewLessonCount(list: FreeSamplesOf): number {
  return freeLessonCount({ ...list, allFree: false });
}
