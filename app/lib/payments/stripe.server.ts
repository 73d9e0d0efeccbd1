import Stripe from "stripe";
import {
  InvalidEventError,
  RefundRefusedError,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentEvent,
  type PlanInterval,
  type ProviderSubscription,
  type RefundRequest,
  type SignedEventProvider,
  type VerifiedEvent,
} from "./provider.server";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin: Stripe's by default; tests point it at a local stand-in. */
  apiUrl?: string;
  /** How old a signed event may be (seconds); Stripe's own default is 5 minutes. */
  toleranceSeconds?: number;
}

const DEFAULT_API = "https://api.stripe.com";
/** A page request waits on the API: fail in seconds rather than Stripe's default 80. */
const TIMEOUT_MS = 10_000;

const seconds = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;
const intervalOf = (value: string | null | undefined): PlanInterval | null =>
  value === "month" || value === "year" ? value : null;

/** Stripe Checkout (hosted), Stripe Billing's customer portal, and Stripe's signed webhooks. */
export class StripeProvider implements SignedEventProvider {
  readonly name = "stripe";
  readonly confirmation = "signed-events";
  private readonly stripe: Stripe;
  private readonly options: StripeOptions;

  constructor(options: StripeOptions) {
    this.options = options;
    const api = new URL(options.apiUrl ?? DEFAULT_API);
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === "http:" ? 80 : 443),
      protocol: api.protocol === "http:" ? "http" : "https",
      timeout: TIMEOUT_MS,
      maxNetworkRetries: 2,
      telemetry: false,
      appInfo: { name: "Lomda" },
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const subscription = request.kind === "subscription";
    const metadata: Record<string, string> = {
      user_id: request.userId,
      kind: request.kind,
      ...(request.courseId ? { course_id: request.courseId } : {}),
      ...(request.interval ? { interval: request.interval } : {}),
    };
    const { coupon } = request;
    if (coupon) metadata.coupon_code = coupon.code;
    // A coupon on a plan takes its amount off the first invoice only: a coupon made at Stripe for
    // this one checkout (amount_off, duration "once", one redemption), so the subscription's price
    // stays the plan's and renewals charge it in full. The amount is Lomda's (its rounding, its
    // floor), never Stripe's own percentage. A course's one payment is simply the lowered price.
    const stripeCoupon =
      coupon && subscription
        ? await this.stripe.coupons.create({
            amount_off: coupon.discountCents,
            currency: request.currency.toLowerCase(),
            duration: "once",
            max_redemptions: 1,
            name: coupon.code,
            metadata: { user_id: request.userId, coupon_code: coupon.code },
          })
        : null;
    const unitAmount = stripeCoupon && coupon ? request.amountCents + coupon.discountCents : request.amountCents;
    const session = await this.stripe.checkout.sessions.create({
      mode: subscription ? "subscription" : "payment",
      client_reference_id: request.userId,
      ...(request.customerId
        ? { customer: request.customerId }
        : request.email
          ? { customer_email: request.email }
          : {}),
      // A one-off buyer also gets a customer, so the portal can show their receipts later.
      ...(!subscription && !request.customerId ? { customer_creation: "always" as const } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: unitAmount,
            product_data: { name: request.productName },
            ...(subscription && request.interval ? { recurring: { interval: request.interval } } : {}),
          },
        },
      ],
      ...(stripeCoupon ? { discounts: [{ coupon: stripeCoupon.id }] } : {}),
      // The page closes when the coupon's use stops being held (Stripe: 30 minutes to 24 hours ahead).
      ...(coupon ? { expires_at: Math.floor(coupon.expiresAt.getTime() / 1000) } : {}),
      metadata,
      ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      locale: request.locale,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    return { id: session.id, url: session.url };
  }

  async getCheckout(id: string): Promise<CheckoutResult | null> {
    try {
      return checkoutResult(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      const s = await this.stripe.subscriptions.retrieve(id);
      // Since API version 2025-03-31 the period is the items' (one item here: the plan).
      const item = s.items.data[0];
      return {
        id: s.id,
        userId: s.metadata?.user_id ?? null,
        customerId: idOf(s.customer),
        status: s.status,
        interval: intervalOf(item?.price?.recurring?.interval),
        periodStart: seconds(item?.current_period_start ?? s.start_date),
        periodEnd: seconds(item?.current_period_end ?? s.start_date),
        cancelAtPeriodEnd: s.cancel_at_period_end,
        endedAt: s.ended_at ? seconds(s.ended_at) : null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const portal = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return portal.url;
  }

  readonly canRefund = true;

  /**
   * `POST /v1/refunds` with the payment intent and the amount, under Lomda's key as Stripe's
   * Idempotency-Key: the same refund asked again (a retry, a second process) is answered with the
   * first refund and refunds nothing more.
   */
  async refund(request: RefundRequest): Promise<{ id: string }> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.paymentRef, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new RefundRefusedError(`the refund ${refund.status}`);
      return { id: refund.id };
    } catch (error) {
      // Stripe answered no (a charge refunded already, an amount too large, a disputed charge…).
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError ||
        error instanceof Stripe.errors.StripePermissionError
      )
        throw new RefundRefusedError(error.message);
      throw error;
    }
  }

  readEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    if (!signature) throw new InvalidEventError("no Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.toleranceSeconds,
      );
    } catch (error) {
      throw new InvalidEventError(error instanceof Error ? error.message : "invalid signature");
    }
    return { id: event.id, type: event.type, event: reduce(event) };
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

function checkoutResult(session: Stripe.Checkout.Session): CheckoutResult {
  const metadata = session.metadata ?? {};
  return {
    id: session.id,
    kind: session.mode === "subscription" ? "subscription" : "course",
    paid: session.status === "complete" && session.payment_status !== "unpaid",
    userId: session.client_reference_id ?? metadata.user_id ?? null,
    courseId: metadata.course_id ?? null,
    interval: intervalOf(metadata.interval),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    paymentId: idOf(session.payment_intent),
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? "usd").toUpperCase(),
  };
}

/** The events Lomda subscribes to (README "Taking payments"); any other is acknowledged and ignored. */
function reduce(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return { kind: "checkout.completed", checkout: checkoutResult(event.data.object) };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return { kind: "subscription.changed", subscriptionId: event.data.object.id };
    case "invoice.paid": {
      const invoice = event.data.object;
      return {
        kind: "invoice.paid",
        invoice: {
          id: invoice.id ?? "",
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
          amountCents: invoice.amount_paid,
          currency: invoice.currency.toUpperCase(),
          firstPayment: invoice.billing_reason === "subscription_create",
        },
      };
    }
    case "invoice.payment_failed": {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { kind: "subscription.changed", subscriptionId } : { kind: "ignored" };
    }
    case "charge.refunded": {
      // A partial refund (a goodwill discount) leaves the course; a full one takes it back.
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      return paymentId && charge.refunded
        ? {
            kind: "payment.refunded",
            paymentId,
            amountCents: charge.amount_refunded,
            currency: charge.currency.toUpperCase(),
          }
        : { kind: "ignored" };
    }
    default:
      return { kind: "ignored" };
  }
}
