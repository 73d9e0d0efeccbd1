import * as lessons from "~/models/course-builder/lesson.server";
import type { Upload } from "./editor.server";

/**
 * A lesson's video file: what the lesson editor's upload form takes, whether it arrives as the page's
 * own form post (no JavaScript) or from the page's script, which shows its progress (lesson-video.ts).
 */
export const lessonVideoUpload: Upload = {
  kind: "video",
  field: "video",
  maxBytes: (config) => config.maxVideoBytes,
  apply: (db, id, saved) => lessons.setLessonVideoFile(db, id, saved.file, saved.durationSeconds, saved.originalName),
  done: "courseAdmin.upload.videoUploaded",
};
