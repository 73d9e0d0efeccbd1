/**
 * What Lomda needs from a payment provider (issue 18, decision 0024): a hosted checkout, a customer
 * portal, verified events, and the current state of a subscription. Stripe is the one implemented
 * (stripe.server.ts); another provider (an Israeli one, say) implements this and nothing else changes.
 * Money is in minor units (cents, agorot); currencies are ISO 4217 upper case; times are Dates.
 */

export type PlanInterval = "month" | "year";

export interface CheckoutRequest {
  kind: "subscription" | "course";
  userId: string;
  /** The buyer's customer id at the provider, when they paid before (the portal then shows everything). */
  customerId: string | null;
  email: string | null;
  /** What the buyer sees on the provider's page. */
  productName: string;
  amountCents: number;
  currency: string;
  /** For a subscription. */
  interval?: PlanInterval;
  /** For a course. */
  courseId?: string;
  locale: "en" | "he";
  successUrl: string;
  cancelUrl: string;
}

/** A finished checkout, as the provider reports it. */
export interface CheckoutResult {
  id: string;
  kind: "subscription" | "course";
  /** Paid (not waiting for a delayed payment method). */
  paid: boolean;
  userId: string | null;
  courseId: string | null;
  interval: PlanInterval | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The payment a refund will name (one-off purchases). */
  paymentId: string | null;
  amountCents: number;
  currency: string;
}

export type SubscriptionStatus =
  "active" | "trialing" | "past_due" | "unpaid" | "canceled" | "incomplete" | "incomplete_expired" | "paused";

/** A subscription at the provider as it is now (events are only a cue to read it again). */
export interface ProviderSubscription {
  id: string;
  userId: string | null;
  customerId: string | null;
  status: SubscriptionStatus | string;
  interval: PlanInterval | null;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** A renewal (or first) payment of a subscription. */
export interface InvoicePayment {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  currency: string;
  /** The first payment is recorded with its checkout; renewals by their invoice. */
  firstPayment: boolean;
}

/** An event, verified and reduced to what Lomda acts on. */
export type PaymentEvent =
  | { kind: "checkout.completed"; checkout: CheckoutResult }
  | { kind: "subscription.changed"; subscriptionId: string }
  | { kind: "invoice.paid"; invoice: InvoicePayment }
  | { kind: "payment.refunded"; paymentId: string; amountCents: number; currency: string }
  | { kind: "ignored" };

export interface VerifiedEvent {
  id: string;
  type: string;
  event: PaymentEvent;
}

/** The signature is missing, wrong, or too old (a replay): the event is refused. */
export class InvalidEventError extends Error {}

export interface PaymentProvider {
  readonly name: string;
  /** Creates the hosted checkout; the buyer is sent to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A finished or open checkout, to tell the buyer on the success page where things stand. */
  getCheckout(id: string): Promise<CheckoutResult | null>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The provider's page where the customer manages or cancels, coming back to `returnUrl`. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body and reads the event; throws InvalidEventError. */
  readEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
}
