import { z } from "zod";
import { deleteFeedback, setFeedbackHidden } from "~/models/feedback.server";
import { reply, type ActionContext } from "./reply.server";

/** Feedback moderation: hide, show or delete a card. */

export const feedbackIntents = [
  z.object({ intent: z.enum(["hide", "show", "delete-feedback"]), id: z.uuid() }),
] as const;

export async function feedbackAction(
  input: z.infer<(typeof feedbackIntents)[number]>,
  { db, log, admin }: ActionContext,
) {
  if (input.intent === "delete-feedback") {
    const deleted = await deleteFeedback(db, input.id);
    if (deleted) log.info({ adminId: admin.id, feedbackId: input.id }, "admin: feedback deleted");
    return reply(deleted);
  }
  const hidden = input.intent === "hide";
  const change = await setFeedbackHidden(db, input.id, hidden);
  // Hiding a hidden card answers done, as before, but the audit log records only a change.
  if (change === "changed") log.info({ adminId: admin.id, feedbackId: input.id, hidden }, "admin: feedback moderated");
  return reply(change !== "missing");
}
