/** What the catalogue's pages show: view types shared by the catalogue model and the components (no server code). */

export interface CourseCardView {
  key: string;
  title: string;
  teacher: string;
  duration: string;
  students: number;
  /** Formatted on the server for the page's language, like "$389.00". */
  price: string;
  rating: number;
  reviews: number;
  cover: string;
  readMore: string;
  join: string;
  summary: string;
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

export type Player = { kind: "youtube"; videoId: string } | { kind: "mp4"; src: string };

export interface VideoView {
  key: string;
  title: string;
  description: string;
  duration: string;
  /** /thumb/<opaque key>: never the video id. */
  thumb: string;
  /** Only for those allowed to watch; a locked item carries no id and no playable URL. */
  player: Player | null;
  /** A learner's free sample (the first FREE_SAMPLE_COUNT of a list). */
  freeSample: boolean;
}
