import type { NextFunction, Request, Response } from "express";
import type { AppServices } from "../app/context.server.ts";
import {
  FEEDBACK_PAGE_SIZE,
  listFeedback,
  MAX_FEEDBACK_PAGE,
  parsePage,
  publicFeedbackItem,
} from "../app/models/feedback.server.ts";

/**
 * GET /api/feedback?page=N: the public list, newest first, as JSON. Answered here, before the
 * router: it reads no session, language or page data, and the router's middleware, route matching
 * and response conversion cost several times the query (issue 16). POST stays a route of the app.
 */
export function feedbackList(services: AppServices) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const page = parsePage(new URL(req.originalUrl, "http://local").searchParams.get("page"));
    res.set("Cache-Control", "no-store");
    if (page === null) {
      res.status(400).json({ error: "invalid_page", max: MAX_FEEDBACK_PAGE });
      return;
    }
    try {
      const items = await listFeedback(services.db, page, FEEDBACK_PAGE_SIZE);
      res.json(items.map(publicFeedbackItem));
    } catch (error) {
      next(error);
    }
  };
}
