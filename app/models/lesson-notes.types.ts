/** A learner's own note as their pages show it. */
export interface NoteView {
  id: string;
  /** Whole seconds into the video; null when the player gave none. */
  position: number | null;
  body: string;
  updatedAt: string;
}
