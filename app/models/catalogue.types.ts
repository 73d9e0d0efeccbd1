/** What the catalogue's pages show: view types shared by the catalogue model and the components (no server code). */

import type { Locale } from "~/i18n/locale";
import type { NoteView } from "./lesson-notes.types";

export interface CourseCardView {
  key: string;
  title: string;
  teacher: string;
  duration: string;
  students: number;
  /** Formatted on the server for the page's language, like "$389.00"; empty unless `soldSeparately`. */
  price: string;
  /**
   * Can be bought on its own at `price` now (sold separately, and online checkout is on); otherwise
   * the card says "Subscription only" rather than show a price nobody can pay.
   */
  soldSeparately: boolean;
  /** Stars, like 4.8. */
  rating: number;
  reviews: number;
  /** A URL path of the cover image. */
  cover: string;
  /** "Read More": the course's page unless the admin set another target. */
  readMore: string;
  /** "Join Now": /order?course=<slug> unless the admin set another target. */
  join: string;
  summary: string;
  /** A signed-in learner's lessons watched of the course's lessons (absent for visitors). */
  progress?: { done: number; total: number };
}

/** "Continue learning": the lesson to go on with. */
export interface ContinueView {
  lesson: string;
  list: string;
  href: string;
  /** "12:34" when the learner left off part-way; null: from the start. */
  resumeAt: string | null;
}

export interface PersonView {
  key: string;
  name: string;
  role: string;
  photo: string;
  bio: string | null;
}

export interface TestimonialView {
  key: string;
  name: string;
  profession: string;
  quote: string;
  photo: string;
}

/** "soon": the lesson has no video yet and its teacher shows it as "Coming soon" (the same for everyone). */
export type Player =
  | { kind: "youtube"; videoId: string }
  /** A self-hosted file, with its captions files (one per language, /captions/<lesson>/<language>.vtt). */
  | { kind: "mp4"; src: string; captions: CaptionsTrack[] }
  | { kind: "soon" }
  /** An exercise (issue 34): done on the lesson's own page, never played. */
  | { kind: "exercise"; language: "javascript" | "sql" };

export interface CaptionsTrack {
  language: Locale;
  src: string;
}

export interface VideoView {
  key: string;
  title: string;
  description: string;
  /** Like "12:34"; null when unknown. */
  duration: string | null;
  /** /thumb/<opaque key> (never the video id), or the poster when there is no YouTube video. */
  thumb: string;
  /** Only for those allowed to watch; a locked item carries no id and no playable URL. */
  player: Player | null;
  /** A free preview the viewer watches without access to the rest (the first `free_samples` lessons with a video). */
  freeSample: boolean;
  /** The signed-in viewer's own progress, on a lesson they may watch that has a video. */
  progress?: VideoProgressView;
  /** Files its teacher attached, for those who may watch it (none otherwise). */
  resources?: ResourceView[];
  /** The lesson's own page (/lesson/<list>/<lesson>); absent for a video outside a list (the about page's). */
  page?: string;
}

export interface ResourceView {
  /** /lesson-files/<id>: a download, under the lesson's access rule. */
  href: string;
  name: string;
  /** Bytes. */
  size: number;
  /** application/pdf, application/zip or text/plain. */
  type: string;
}

export interface VideoProgressView {
  /** The lesson's id, which progress reports name. */
  lesson: string;
  /** Watched, as the server measured it: counts toward a certificate. */
  watched: boolean;
  /** The learner's own "Mark as complete" (a bookmark: counts toward nothing). */
  marked: boolean;
  /** Where to start, in seconds (0: from the beginning). */
  resumeAt: number;
  /** The learner's own notes on the lesson, in video order (issue 32). */
  notes?: NoteView[];
}

/** A lesson in a course's curriculum, as this viewer may use it. */
export interface CurriculumLessonView {
  key: string;
  title: string;
  duration: string | null;
  /** playable: the viewer may watch it now; soon: no video yet (its teacher shows it as coming); locked: may not. */
  state: "playable" | "soon" | "locked";
  freeSample: boolean;
  /** The lesson's own page (/lesson/<list>/<lesson>). */
  href: string | null;
  /** A signed-in learner watched it (as the server measured). */
  watched?: boolean;
  /** A signed-in learner marked it complete (their own bookmark). */
  marked?: boolean;
}

export interface CurriculumListView {
  key: string;
  title: string;
  description: string;
  href: string | null;
  /** The free previews, from the top (never the whole list unless allFree). */
  freeSamples: number;
  /** The teacher made every lesson free for signed-in learners. */
  allFree: boolean;
  lessons: CurriculumLessonView[];
}

/** A course's own page (/course/<slug>). */
export interface CoursePageView {
  card: CourseCardView;
  catalogue: { title: string; href: string | null } | null;
  lists: CurriculumListView[];
  /** Its lessons with a video. */
  lessonCount: number;
  /** Its lessons shown as "Coming soon". */
  soonCount: number;
  quiz: { title: string; href: string; questionCount: number } | null;
  /** A signed-in learner's lessons watched of the course's (absent for visitors). */
  progress?: { done: number; total: number };
}

/** What a list page says about its certificate to a signed-in learner: theirs, or what earns it. */
export type CertificateState =
  | { kind: "earned"; href: string }
  | { kind: "hint"; quiz: { href: string; passPercent: number } | null }
  /** Only a viewer allowed every lesson (not free samples alone) can earn it. */
  | { kind: "locked" };
