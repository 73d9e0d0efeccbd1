/** What a lesson's own page shows (issue 32): view types shared by its model and components (no server code). */

import type { CurriculumLessonView, VideoView } from "./catalogue.types";

/** A lesson in the curriculum beside the player: the list's lessons, this one marked current. */
export interface LessonPageRow extends CurriculumLessonView {
  current: boolean;
}

export interface LessonLink {
  title: string;
  href: string;
  /** Whether the viewer may play it (a locked next lesson shows its lock). */
  playable: boolean;
}

export interface LessonPageView {
  video: VideoView;
  /** Its number in the list (1-based, "Coming soon" lessons included) and the list's lessons. */
  n: number;
  of: number;
  list: { key: string; title: string; href: string | null };
  catalogue: { title: string; href: string } | null;
  curriculum: LessonPageRow[];
  previous: LessonLink | null;
  next: LessonLink | null;
  /** A signed-in learner's lessons watched of the list's (null for visitors). */
  tally: { done: number; total: number } | null;
}
