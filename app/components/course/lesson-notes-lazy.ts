import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/** A learner's notes under a player: a chunk of its own (visitors never load it), in the server's HTML. */
export const LessonNotes = lazyRenderedOnServer(() => import("./lesson-notes"));
