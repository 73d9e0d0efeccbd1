import express, { type Request, type Response } from "express";
import type { AppServices } from "../app/context.server.ts";
import { InvalidEventError } from "../app/lib/payments/provider.server.ts";
import { applyPaymentEvent, checkoutPayment } from "../app/models/billing.server.ts";

/** Stripe's events are small; a megabyte covers the largest (an invoice with many lines). */
const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * The provider's signed events. The signature covers the exact bytes sent, so the body is read raw,
 * before any parser, and this path is exempt from the same-origin check (a server calls it, with
 * no cookies; the signature is its authentication). Answers: 200 once applied (or already applied,
 * or not one Lomda acts on), 400 for a bad signature or body (never retried usefully), 500 when
 * applying failed (the provider retries), 404 when payments are not configured.
 */
export function paymentWebhook(services: AppServices): express.RequestHandler[] {
  const { log } = services;
  return [
    express.raw({ type: () => true, limit: MAX_EVENT_BYTES }),
    async (req: Request, res: Response) => {
      res.set("Cache-Control", "no-store");
      const provider = services.payments;
      if (!provider) {
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
        res.status(400).json({ error: "invalid signature" });
        return;
      }
      try {
        const outcome = await applyPaymentEvent(services.db, provider, verified);
        log.info({ reqId: res.locals.requestId, event: verified.id, type: verified.type, outcome }, "payment event");
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
        res.status(500).json({ error: "not applied; retry" });
      }
    },
  ];
}
