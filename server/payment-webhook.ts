import express, { type Request, type Response } from "express";
import type { AppServices } from "../app/context.server.ts";
import { paymentConfirmations, paymentWebhooks } from "../app/lib/metrics.server.ts";
import { InvalidEventError, InvalidNoticeError } from "../app/lib/payments/provider.server.ts";
import {
  applyPaymentEvent,
  checkoutPayment,
  confirmOrder,
  findOrderByRef,
  logConfirmation,
  type ConfirmOutcome,
} from "../app/models/billing.server.ts";

/** Stripe's events are small; a megabyte covers the largest (an invoice with many lines). */
const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * The provider's signed events. The signature covers the exact bytes sent, so the body is read raw,
 * before any parser, and this path is exempt from the same-origin check (a server calls it, with
 * no cookies; the signature is its authentication). Answers: 200 once applied (or already applied,
 * or not one Lomda acts on), 400 for a bad signature or body (never retried usefully), 500 when
 * applying failed (the provider retries), 404 when payments are not configured (or not Stripe's).
 */
export function paymentWebhook(services: AppServices): express.RequestHandler[] {
  const { log } = services;
  return [
    express.raw({ type: () => true, limit: MAX_EVENT_BYTES }),
    async (req: Request, res: Response) => {
      res.set("Cache-Control", "no-store");
      const provider = services.payments;
      if (provider?.confirmation !== "signed-events") {
        res.status(404).type("text/plain").send("Not Found");
        return;
      }
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let verified;
      try {
        verified = provider.readEvent(body, req.get("stripe-signature"));
      } catch (error) {
        if (!(error instanceof InvalidEventError)) throw error;
        log.warn({ reqId: res.locals.requestId, reason: error.message }, "payment event refused");
        paymentWebhooks.inc({ provider: "stripe", outcome: "refused" });
        res.status(400).json({ error: "invalid signature" });
        return;
      }
      try {
        const outcome = await applyPaymentEvent(services.db, provider, verified);
        log.info({ reqId: res.locals.requestId, event: verified.id, type: verified.type, outcome }, "payment event");
        paymentWebhooks.inc({ provider: "stripe", outcome });
        if (verified.event.kind === "checkout.completed") paymentConfirmations.inc({ provider: "stripe", outcome });
        if (outcome === "applied" && verified.event.kind === "checkout.completed") {
          // Money taken for nothing granted (the course was deleted during checkout): someone must act.
          const payment = await checkoutPayment(services.db, verified.event.checkout.id);
          if (payment?.refundDue && payment.status === "paid")
            log.warn(
              {
                reqId: res.locals.requestId,
                event: verified.id,
                payment: payment.id,
                course: payment.courseId,
                reason: payment.refundDue,
              },
              "payment recorded for a course deleted during checkout: it needs a refund (admin payments page)",
            );
        }
        res.status(200).json({ received: true, outcome });
      } catch (error) {
        log.error(
          { err: error, reqId: res.locals.requestId, event: verified.id, type: verified.type },
          "payment event failed",
        );
        paymentWebhooks.inc({ provider: "stripe", outcome: "failed" });
        res.status(500).json({ error: "not applied; retry" });
      }
    },
  ];
}

/** Cardcom's notifications are small (a LowProfileResult: a few kilobytes). */
const MAX_NOTICE_BYTES = 64 * 1024;

/** The notification's fields: JSON as Cardcom's API documents it, or a form as its older API sent. */
function noticeFields(contentType: string | undefined, body: Buffer): unknown {
  const text = body.toString("utf8").trim();
  if (text === "") throw new InvalidNoticeError("an empty notification");
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || (!type.endsWith("json") && !text.startsWith("{")))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidNoticeError("the notification is not JSON");
  }
}

/**
 * Cardcom's notification that a deal ended (WebHookUrl, decision 0046). It carries no signature, so
 * it is only a hint: the deal's id is the one thing taken from it; Lomda finds its own order for that
 * deal (none: 404, and Cardcom is not asked), reads the deal back from Cardcom and grants only what
 * matches the order, once. Answers: 200 once decided (applied, already applied, not paid, or refused
 * for not matching: a retry would read the same), 400 for a body that names no deal, 404 for a deal
 * that is not one of Lomda's orders, 429 past the order's read-backs, 503 when Cardcom could not be
 * asked (Cardcom retries: 7 times over about a day). Exempt from the same-origin check (a server
 * calls it, with no cookies) and from pages' form-bodies-only rule (its body is JSON).
 */
export function cardcomWebhook(services: AppServices): express.RequestHandler[] {
  const { db, log, rateLimits } = services;
  return [
    express.raw({ type: () => true, limit: MAX_NOTICE_BYTES }),
    async (req: Request, res: Response) => {
      res.set("Cache-Control", "no-store");
      const provider = services.payments;
      if (provider?.confirmation !== "read-back") {
        res.status(404).type("text/plain").send("Not Found");
        return;
      }
      const reqId = res.locals.requestId as string;
      let dealId: string;
      try {
        dealId = provider.readNotice(
          noticeFields(req.get("content-type"), Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
        );
      } catch (error) {
        if (!(error instanceof InvalidNoticeError)) throw error;
        log.warn({ reqId, reason: error.message }, "payment notification refused");
        paymentWebhooks.inc({ provider: "cardcom", outcome: "refused" });
        res.status(400).json({ error: "invalid notification" });
        return;
      }
      const order = await findOrderByRef(db, provider.name, dealId);
      if (!order) {
        log.warn({ reqId, deal: dealId }, "payment notification refused: no order of ours has this deal");
        paymentWebhooks.inc({ provider: "cardcom", outcome: "unknown_deal" });
        res.status(404).json({ error: "unknown deal" });
        return;
      }
      if (order.status === "open") {
        const limit = await rateLimits.dealReadBack.consume(order.id);
        if (!limit.ok) {
          log.warn({ reqId, order: order.id, limiter: rateLimits.dealReadBack.name }, "rate limit hit");
          paymentWebhooks.inc({ provider: "cardcom", outcome: "rate_limited" });
          res.set("Retry-After", String(limit.retryAfter)).status(429).json({ error: "too many notifications" });
          return;
        }
      }
      let confirmed: ConfirmOutcome;
      try {
        confirmed = await confirmOrder(db, provider, order);
      } catch (error) {
        log.warn({ err: error, reqId, order: order.id, deal: dealId }, "reading the deal back failed: not confirmed");
        paymentWebhooks.inc({ provider: "cardcom", outcome: "unreachable" });
        res.status(503).json({ error: "not confirmed; retry" });
        return;
      }
      logConfirmation(log, confirmed, { reqId, via: "notification" });
      paymentWebhooks.inc({ provider: "cardcom", outcome: confirmed.outcome });
      if (confirmed.outcome === "unknown") {
        res.status(404).json({ error: "unknown deal" });
        return;
      }
      res.status(200).json({ received: true, outcome: confirmed.outcome });
    },
  ];
}
