/**
 * What Lomda needs from a payment provider (issue 18, decisions 0024 and 0046): a hosted checkout
 * and a way to learn, from the provider's server, that it was paid. Providers confirm in one of two
 * ways, and the type says which:
 * - "signed-events" (Stripe, stripe.server.ts): the provider signs its events; Lomda verifies the
 *   signature and acts on the event, reads subscriptions the provider renews, opens its portal.
 * - "read-back" (Cardcom, cardcom.server.ts): the provider's notification proves nothing; it only
 *   names a deal, which Lomda reads back from the provider and compares with its own order.
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
  /**
   * Lomda's own order (payment_orders), for a read-back provider: it travels with the deal and comes
   * back when the deal is read, so the deal can be matched with what Lomda asked for.
   */
  orderId?: string;
  /**
   * A coupon the buyer used (decision 0051): `amountCents` is then the price after it, and
   * `discountCents` what it took off. It lowers the first payment only: a plan renews at its full
   * price. The provider's page must not outlive `expiresAt`, when the coupon's use stops being held.
   */
  coupon?: { code: string; discountCents: number; expiresAt: Date };
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

/** The notification does not name a deal (a read-back provider): it is refused. */
export class InvalidNoticeError extends Error {}

/** A card the provider keeps for later charges (a token; never the card's number). */
export interface SavedCard {
  token: string;
  /** The card's expiry, as a token charge asks for it: MMYY. */
  expiry: string | null;
  /** When the provider deletes the token (YYYY-MM-DD). */
  tokenExpiresOn: string | null;
}

/** A deal as the provider reports it when Lomda asks (the read-back), reduced to what Lomda checks. */
export interface ProviderDeal {
  /** The provider's id of the hosted page and its deal (Cardcom: LowProfileId). */
  id: string;
  /** The order Lomda sent with it (Cardcom: ReturnValue). */
  orderId: string | null;
  /** What was asked for: a one-off charge (a course) or a charge that keeps the card (a plan). */
  kind: "course" | "subscription" | null;
  /** The charge went through (not declined, not a refund). */
  paid: boolean;
  /** Why it is not paid, in the provider's words, for the log. */
  problem: string | null;
  /** The amount charged, in minor units; null when missing or not a whole number of them. */
  amountCents: number | null;
  currency: string | null;
  /** The provider's transaction, which a refund names. */
  transactionId: string | null;
  card: SavedCard | null;
}

/** A refund of (part of) a payment, asked from the admin area (decision 0050). */
export interface RefundRequest {
  /** The provider's payment a refund names (payments.provider_payment_id: Stripe's payment intent, Cardcom's TranzactionId). */
  paymentRef: string;
  /** In minor units, more than 0 and at most what is left of the payment. */
  amountCents: number;
  currency: string;
  /** The whole payment, nothing refunded before (Cardcom then refunds the transaction as it is). */
  whole: boolean;
  /** Lomda's refund row's key: a provider that takes one (Stripe's Idempotency-Key) refunds it once. */
  idempotencyKey: string;
}

/** The provider answered and would not refund (in its own words): nothing was refunded. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

interface ProviderBase {
  readonly name: string;
  /** Creates the hosted checkout; the buyer is sent to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Whether refunds can be asked here (Cardcom's need the API password). */
  readonly canRefund: boolean;
  /**
   * Refunds (part of) a payment; returns the provider's id of the refund. Throws RefundRefusedError
   * when the provider answered no; any other error leaves it unknown whether it refunded.
   */
  refund(request: RefundRequest): Promise<{ id: string }>;
}

/**
 * A provider whose notification proves nothing (Cardcom): Lomda keeps its own order, sends its id
 * with the checkout, and on a notification (or the buyer's return) reads the deal back and grants
 * only what matches the order (billing.server.ts, confirmOrder). No portal, no provider-side
 * subscriptions: a plan's renewals are Lomda's to charge with the saved card.
 */
export interface ReadBackProvider extends ProviderBase {
  readonly confirmation: "read-back";
  /** The deal a notification names: the only thing taken from it. Throws InvalidNoticeError. */
  readNotice(body: unknown): string;
  /** The deal as the provider has it now; null when the provider knows no such deal. */
  readDeal(id: string): Promise<ProviderDeal | null>;
}

/** A provider that signs its events (Stripe). */
export interface SignedEventProvider extends ProviderBase {
  readonly confirmation: "signed-events";
  /** A finished or open checkout, to tell the buyer on the success page where things stand. */
  getCheckout(id: string): Promise<CheckoutResult | null>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The provider's page where the customer manages or cancels, coming back to `returnUrl`. */
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body and reads the event; throws InvalidEventError. */
  readEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
}

export type PaymentProvider = SignedEventProvider | ReadBackProvider;
