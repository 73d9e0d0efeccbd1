// A local stand-in for the Stripe API at the network edge. It answers the official `stripe` SDK's real
// requests (form-encoded bodies in Stripe's bracket notation, `Authorization: Bearer sk_test_…`) with the
// shapes of API version 2026-10-28.endive: Checkout Sessions, Subscriptions, Invoices, PaymentIntents,
// Charges, Refunds, Customers, Coupons (amount or percent off, applied to a session by `discounts`) and
// Billing Portal sessions. It serves the hosted pages a buyer sees (Checkout
// at /c/pay/:id, the customer portal at /p/session/:id) and delivers signed webhook events as Stripe does.
// What Stripe does on its own (renewals, failed payments, refunds from the dashboard, the end of a period)
// tests trigger through the returned object or, for the browser tests, POST /__control/<action>[/<id>].
// In process (`startStripeStandin()`) or on its own for the browser tests (STRIPE_STANDIN_PORT,
// STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET). Run by Node's type stripping: erasable syntax only.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

export const API_VERSION = "2026-10-28.endive";
const DEFAULT_SECRET = "whsec_standin";

/** A Stripe object as the API returns it (JSON). */
export type StripeObject = { id: string; object: string; [key: string]: unknown };
type Params = Record<string, unknown>;
type Metadata = Record<string, string>;
interface Price extends StripeObject {
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: string; interval_count: number; [key: string]: unknown } | null;
}
interface Item extends StripeObject {
  current_period_start: number;
  current_period_end: number;
  price: Price;
  quantity: number;
}
interface Subscription extends StripeObject {
  status: string;
  customer: string;
  metadata: Metadata;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  latest_invoice: string | null;
  items: { data: Item[] };
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Params };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
/** One webhook delivery: `status` is the receiver's HTTP status, null if none is configured or it failed. */
export interface Delivery {
  event: StripeEvent;
  status: number | null;
  error?: string;
}
export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  stripeVersion: string | null;
}
export interface StandinState {
  sessions: StripeObject[];
  subscriptions: StripeObject[];
  invoices: StripeObject[];
  paymentIntents: StripeObject[];
  charges: StripeObject[];
  refunds: StripeObject[];
  customers: StripeObject[];
  coupons: StripeObject[];
  portalSessions: StripeObject[];
  /** Every event sent (or recorded without a webhook URL), in order. */
  deliveries: Delivery[];
  /** Events queued by hold(), not yet sent. */
  held: StripeEvent[];
  /** The API requests the stand-in answered, for tests of what the app sent. */
  requests: RecordedRequest[];
}
export interface StripeStandin {
  /** The API origin, e.g. http://127.0.0.1:12111 (the SDK's host/port, or STRIPE_API_URL). */
  url: string;
  port: number;
  readonly state: StandinState;
  /** Stripe's renewal at the period's end: a paid invoice and the next period; on a past_due subscription,
   * the successful retry of its open invoice instead. Sends invoice.paid and customer.subscription.updated. */
  renew(subscriptionId: string): Promise<StripeObject>;
  /** A renewal whose payment fails: the period advances (as at Stripe), an open invoice, status past_due.
   * Sends invoice.payment_failed and customer.subscription.updated (a further call: another failed attempt). */
  failRenewal(subscriptionId: string): Promise<StripeObject>;
  /** As the portal's "Cancel subscription" (or `on = false`, renewing again). Sends customer.subscription.updated. */
  cancelAtPeriodEnd(subscriptionId: string, on?: boolean): Promise<StripeObject>;
  /** The subscription ends (at its period's end if it was cancelling, else now). Sends customer.subscription.deleted. */
  endSubscription(subscriptionId: string): Promise<StripeObject>;
  /** A refund (all of what is left by default). Sends charge.refunded and refund.created; returns the refund. */
  refund(paymentIntentId: string, amount?: number): Promise<StripeObject>;
  /** From now on, POST /v1/refunds is refused as Stripe refuses one it will not make (400, `charge_disputed`,
   * this message); null: refunds again. A refund from the dashboard (refund()) is not affected. */
  refuseRefunds(message: string | null): void;
  /** As pressing Pay on the hosted page, without the redirect; returns the completed session. */
  completeCheckout(sessionId: string): Promise<StripeObject>;
  buildEvent(type: string, object: StripeObject, previousAttributes?: Params): StripeEvent;
  /** Sends an event now (even while holding), e.g. again for a replay test. */
  deliver(event: StripeEvent): Promise<Delivery>;
  /** The Stripe-Signature header for a payload: `t=<timestamp>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
  sign(payload: string, secret?: string, timestamp?: number): string;
  setWebhook(url: string | null, secret?: string): void;
  /** From now on, queue events (state.held) instead of sending them. */
  hold(): void;
  /** Stops holding and sends the queued events, in `order` (indexes into state.held) if given: events left
   * out are dropped, as a lost delivery. */
  release(order?: number[]): Promise<Delivery[]>;
  /** Sends these events in this order. */
  flush(events: StripeEvent[]): Promise<Delivery[]>;
  /** Waits for the deliveries that API requests started (Stripe sends those after answering). */
  settled(): Promise<void>;
  /** Forgets every object, event and request (the webhook settings stay). */
  reset(): void;
  close(): Promise<void>;
}

/** An API error answered as Stripe does: `{ error: { type, code?, param?, message } }`. */
class StripeApiError extends Error {
  status: number;
  code: string | undefined;
  param: string | undefined;
  type: string;
  constructor(status: number, message: string, extra: { code?: string; param?: string; type?: string } = {}) {
    super(message);
    this.status = status;
    this.code = extra.code;
    this.param = extra.param;
    this.type = extra.type ?? "invalid_request_error";
  }
  toJSON() {
    return { error: { type: this.type, code: this.code, param: this.param, message: this.message } };
  }
}
const missingParam = (param: string) =>
  new StripeApiError(400, `Missing required param: ${param}.`, { code: "parameter_missing", param });
const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, message, { code: "parameter_invalid_string", param });
const noSuch = (kind: string, id: string, param = "id", status = 404) =>
  new StripeApiError(status, `No such ${kind}: '${id}'`, { code: "resource_missing", param });

/**
 * Stripe's form encoding into nested objects: `a[b][0][c]=v` → { a: { b: [{ c: "v" }] } }. A numeric (or
 * empty, `expand[]`) segment makes an array, except under `metadata`, whose keys are free strings.
 */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = (key.match(/^[^[]+|\[[^\]]*\]/g) ?? [key]).map((s) => (s.startsWith("[") ? s.slice(1, -1) : s));
    let node: Params = root;
    path.forEach((segment, i) => {
      const slot = segment === "" && Array.isArray(node) ? String(node.length) : segment;
      if (i === path.length - 1) return void (node[slot] = value);
      const next = path[i + 1]!;
      if (typeof node[slot] !== "object" || node[slot] === null)
        node[slot] = /^\d*$/.test(next) && segment !== "metadata" ? [] : {};
      node = node[slot] as Params;
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const newId = (prefix: string, length = 24) =>
  `${prefix}_${[...randomBytes(length)].map((b) => ALPHANUMERIC[b % 62]).join("")}`;
const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const obj = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
function required(params: Params, key: string, param = key): string {
  const value = str(params[key]);
  if (value === undefined) throw missingParam(param);
  return value;
}
function integer(value: string, param: string): number {
  if (!/^-?\d+$/.test(value)) throw invalidParam(param, `Invalid integer: ${value}`);
  return Number(value);
}
/** Metadata as Stripe keeps it: an empty value unsets a key. */
function metadataOf(value: unknown): Metadata {
  return Object.fromEntries(
    Object.entries(obj(value) ?? {}).filter(([, v]) => typeof v === "string" && v !== ""),
  ) as Metadata;
}
const clone = <T>(value: T): T => structuredClone(value);
/** Fields Stripe documents that the stand-in leaves null, as a plain test-mode answer has them. */
const nulls = (names: string) => Object.fromEntries(names.split(" ").map((name) => [name, null]));

/** The next period's start, as Stripe bills: a month from Jan 31 is Feb 28 (or 29). */
function addInterval(unix: number, interval: string, count = 1): number {
  if (interval === "day" || interval === "week") return unix + count * (interval === "day" ? 1 : 7) * 86_400;
  const date = new Date(unix * 1000);
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() + count * (interval === "year" ? 12 : 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
const list = <T>(data: T[], url: string) => ({ object: "list", data, has_more: false, total_count: data.length, url });

export async function startStripeStandin(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<StripeStandin> {
  let webhookUrl = options.webhookUrl ?? null;
  let webhookSecret = options.webhookSecret ?? DEFAULT_SECRET;
  let base = "";
  // Every object by its kind (its `object` field), so a retrieve and an `expand` find it by id alone.
  const stores = {
    "checkout.session": new Map<string, StripeObject>(),
    subscription: new Map<string, Subscription>(),
    invoice: new Map<string, StripeObject>(),
    payment_intent: new Map<string, StripeObject>(),
    charge: new Map<string, StripeObject>(),
    refund: new Map<string, StripeObject>(),
    customer: new Map<string, StripeObject>(),
    "billing_portal.session": new Map<string, StripeObject>(),
    coupon: new Map<string, StripeObject>(),
  };
  type Kind = keyof typeof stores;
  type Stored = { [K in Kind]: (typeof stores)[K] extends Map<string, infer V> ? V : never };
  // What a Checkout Session was created with but does not show: the price, and the metadata its
  // subscription or payment intent will get.
  const sessionTerms = new Map<
    string,
    {
      price: Price;
      quantity: number;
      subscriptionMetadata: Metadata;
      paymentMetadata: Metadata;
      /** A coupon of `discounts`, and what it takes off the first payment (its `amount_discount`). */
      coupon: StripeObject | null;
      discount: number;
    }
  >();
  const productNames = new Map<string, string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const deliveries: Delivery[] = [];
  const requests: RecordedRequest[] = [];
  let held: StripeEvent[] | null = null;
  const pending = new Set<Promise<unknown>>();
  let invoiceNumber = 0;
  let refundRefusal: string | null = null;

  /** The stored object; unknown: 404 for an id in the path, 400 for one in a param (as Stripe answers). */
  function find<K extends Kind>(kind: K, id: string, param?: string): Stored[K] {
    const found = stores[kind].get(id) as Stored[K] | undefined;
    if (!found) throw param ? noSuch(kind, id, param, 400) : noSuch(kind, id);
    return found;
  }
  const findAny = (id: string) =>
    Object.values(stores)
      .map((store) => store.get(id))
      .find(Boolean);
  /** `expand[]`: replaces an id by its object, along a dotted path (`subscription.latest_invoice`). */
  function expand(object: Params, paths: string[]): Params {
    const out = clone(object);
    for (const [head = "", ...rest] of paths.map((p) => p.split("."))) {
      const value = typeof out[head] === "string" ? findAny(out[head] as string) : obj(out[head]);
      if (value) out[head] = rest.length ? expand(value, [rest.join(".")]) : clone(value);
    }
    return out;
  }
  function store<T extends StripeObject>(kind: Kind, object: T): T {
    (stores[kind] as Map<string, StripeObject>).set(object.id, object);
    return object;
  }

  // ---- Webhook events -------------------------------------------------------------------------------

  function buildEvent(type: string, object: StripeObject, previousAttributes?: Params): StripeEvent {
    return {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
  function sign(payload: string, secret = webhookSecret, timestamp = now()): string {
    const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
    return `t=${timestamp},v1=${signature}`;
  }
  async function deliver(event: StripeEvent): Promise<Delivery> {
    const delivery: Delivery = { event, status: null };
    deliveries.push(delivery);
    if (!webhookUrl) return delivery;
    // Stripe pretty-prints its payloads; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": sign(payload),
        },
        body: payload,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }
  async function flush(events: StripeEvent[]): Promise<Delivery[]> {
    const sent: Delivery[] = [];
    // One after another, so a receiver sees them in this order.
    for (const event of events) sent.push(await deliver(event));
    return sent;
  }
  const dispatch = (events: StripeEvent[]) => (held ? (held.push(...events), Promise.resolve([])) : flush(events));
  /** Events from an API request go out after the answer, as Stripe's do; settled() waits for them. */
  function inBackground(events: StripeEvent[]) {
    const sending: Promise<unknown> = dispatch(events).finally(() => pending.delete(sending));
    pending.add(sending);
  }

  // ---- What happens at Stripe (each returns its result and the events it causes) ----------------------

  function createCustomer(email: string | null): StripeObject {
    return store("customer", {
      ...nulls("address currency default_source description name phone shipping"),
      id: newId("cus", 14),
      object: "customer",
      balance: 0,
      created: now(),
      delinquent: false,
      email,
      livemode: false,
      metadata: {},
      tax_exempt: "none",
    });
  }

  /** POST /v1/coupons: an amount off (with its currency) or a percentage off; `duration` once by default. */
  function createCoupon(p: Params): StripeObject {
    const amountOff = str(p.amount_off);
    const percentOff = str(p.percent_off);
    if ((amountOff === undefined) === (percentOff === undefined))
      throw invalidParam("amount_off", "You must pass either amount_off or percent_off, not both.");
    const currency = str(p.currency);
    if (amountOff !== undefined && !currency) throw missingParam("currency");
    const duration = str(p.duration) ?? "once";
    if (!["once", "forever", "repeating"].includes(duration))
      throw invalidParam("duration", `Invalid duration: ${duration}`);
    const amount = amountOff === undefined ? null : integer(amountOff, "amount_off");
    if (amount !== null && amount <= 0) throw invalidParam("amount_off", "amount_off must be a positive integer.");
    const percent = percentOff === undefined ? null : Number(percentOff);
    if (percent !== null && !(percent > 0 && percent <= 100))
      throw invalidParam("percent_off", "percent_off must be greater than 0 and at most 100.");
    const maxParam = str(p.max_redemptions);
    const max = maxParam === undefined ? null : integer(maxParam, "max_redemptions");
    const name = str(p.name) ?? null;
    if (name !== null && name.length > 40) throw invalidParam("name", "name is at most 40 characters.");
    return store("coupon", {
      ...nulls("duration_in_months redeem_by"),
      id: str(p.id) ?? newId("", 8).slice(1),
      object: "coupon",
      amount_off: amount,
      created: now(),
      currency: amount === null ? null : currency,
      duration,
      livemode: false,
      max_redemptions: max,
      metadata: metadataOf(p.metadata),
      name,
      percent_off: percent,
      times_redeemed: 0,
      valid: true,
    });
  }

  function createSession(p: Params): StripeObject {
    const mode = required(p, "mode");
    if (mode !== "payment" && mode !== "subscription")
      throw invalidParam("mode", `Invalid mode: the stand-in supports payment and subscription, not ${mode}`);
    const items = Array.isArray(p.line_items) ? (p.line_items as unknown[]) : [];
    const item = obj(items[0]);
    if (!item) throw missingParam("line_items");
    if (items.length > 1) throw invalidParam("line_items", "The stand-in takes one line item");
    if (str(item.price)) throw noSuch("price", String(item.price), "line_items[0][price]", 400);
    const data = obj(item.price_data);
    if (!data) throw missingParam("line_items[0][price_data]");
    const currency = required(data, "currency", "line_items[0][price_data][currency]");
    const amount = integer(required(data, "unit_amount", "line_items[0][price_data][unit_amount]"), "unit_amount");
    const name = required(obj(data.product_data) ?? {}, "name", "line_items[0][price_data][product_data][name]");
    const quantity = integer(required(item, "quantity", "line_items[0][quantity]"), "line_items[0][quantity]");
    const recurringParams = obj(data.recurring);
    let recurring: Price["recurring"] = null;
    if (recurringParams) {
      const interval = required(recurringParams, "interval", "line_items[0][price_data][recurring][interval]");
      if (!["day", "week", "month", "year"].includes(interval))
        throw invalidParam("line_items[0][price_data][recurring][interval]", `Invalid interval: ${interval}`);
      recurring = { interval, interval_count: Number(str(recurringParams.interval_count) ?? 1) };
    }
    // Stripe's own checks for a mode and what goes with it.
    if (mode === "subscription" && !recurring)
      throw invalidParam(
        "line_items",
        "You must provide at least one recurring price in `subscription` mode when using prices.",
      );
    if (mode === "payment" && recurring)
      throw invalidParam(
        "line_items",
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      );
    if (mode === "subscription" && (p.payment_intent_data !== undefined || p.customer_creation !== undefined))
      throw invalidParam(
        p.customer_creation ? "customer_creation" : "payment_intent_data",
        "You can not pass `payment_intent_data` or `customer_creation` in `subscription` mode.",
      );
    if (mode === "payment" && p.subscription_data !== undefined)
      throw invalidParam("subscription_data", "You can not pass `subscription_data` in `payment` mode.");
    const customer = str(p.customer) ?? null;
    if (customer) find("customer", customer, "customer");
    if (customer && str(p.customer_email))
      throw invalidParam("customer_email", "You may only specify one of these parameters: customer, customer_email.");

    const created = now();
    // `discounts`: one coupon, as Stripe takes it (a promotion code is not supported here). An amount
    // off must be in the session's currency; what it takes off never goes below zero.
    const discounts = Array.isArray(p.discounts) ? (p.discounts as unknown[]) : [];
    if (discounts.length > 1) throw invalidParam("discounts", "You may only specify one discount.");
    const couponId = str(obj(discounts[0])?.coupon);
    if (discounts.length === 1 && !couponId) throw missingParam("discounts[0][coupon]");
    if (str(obj(discounts[0])?.promotion_code))
      throw invalidParam("discounts[0][promotion_code]", "The stand-in takes coupons only");
    const coupon = couponId ? find("coupon", couponId, "discounts[0][coupon]") : null;
    if (coupon && coupon.valid !== true)
      throw invalidParam("discounts[0][coupon]", `Coupon ${coupon.id} is no longer valid.`);
    if (coupon && coupon.amount_off !== null && coupon.currency !== currency)
      throw invalidParam(
        "discounts[0][coupon]",
        `The coupon's currency (${String(coupon.currency)}) must match the session's (${currency}).`,
      );
    const subtotal = amount * quantity;
    const discount = !coupon
      ? 0
      : coupon.amount_off !== null
        ? Math.min(subtotal, Number(coupon.amount_off))
        : Math.round((subtotal * Number(coupon.percent_off)) / 100);
    // `expires_at`: 30 minutes to 24 hours from now (Stripe's rule); 24 hours when not given.
    const expiresParam = str(p.expires_at);
    const expiresAt = expiresParam === undefined ? created + 24 * 3600 : integer(expiresParam, "expires_at");
    if (expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5)
      throw invalidParam("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.");

    const productId = newId("prod", 14);
    productNames.set(productId, name);
    const price: Price = {
      ...nulls("custom_unit_amount lookup_key nickname tiers_mode transform_quantity"),
      id: newId("price"),
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      created,
      currency,
      livemode: false,
      metadata: {},
      product: productId,
      recurring: recurring && { ...recurring, meter: null, trial_period_days: null, usage_type: "licensed" },
      type: recurring ? "recurring" : "one_time",
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    const id = newId("cs_test", 58);
    sessionTerms.set(id, {
      price,
      quantity,
      subscriptionMetadata: metadataOf(obj(p.subscription_data)?.metadata),
      paymentMetadata: metadataOf(obj(p.payment_intent_data)?.metadata),
      coupon,
      discount,
    });
    return store("checkout.session", {
      ...nulls("customer_details invoice payment_intent payment_link subscription"),
      id,
      object: "checkout.session",
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      cancel_url: str(p.cancel_url) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      created,
      currency,
      customer,
      customer_creation: str(p.customer_creation) ?? (mode === "payment" ? "if_required" : null),
      customer_email: str(p.customer_email) ?? null,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt,
      livemode: false,
      locale: str(p.locale) ?? null,
      metadata: metadataOf(p.metadata),
      mode,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: str(p.success_url) ?? null,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: `${base}/c/pay/${id}`,
    });
  }

  /** An invoice of the subscription's current item; `period` is the invoice's own (Stripe: the one before). */
  function createInvoice(
    sub: Subscription,
    reason: string,
    paid: boolean,
    period: [number, number],
    discount = 0,
  ): StripeObject {
    const item = sub.items.data[0]!;
    const subtotal = item.price.unit_amount * item.quantity;
    // A coupon of duration "once" lowers the first invoice only (its total; the line keeps the price).
    const amount = subtotal - discount;
    const created = now();
    const id = newId("in");
    const customer = stores.customer.get(sub.customer);
    const line = {
      id: newId("il"),
      object: "line_item",
      amount: subtotal,
      currency: item.price.currency,
      description: `${item.quantity} × ${productNames.get(item.price.product) ?? "Product"}`,
      invoice: id,
      livemode: false,
      metadata: { ...sub.metadata },
      parent: {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          subscription: sub.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product } },
      quantity: item.quantity,
      subscription: sub.id,
      subtotal,
    };
    return store("invoice", {
      ...nulls("customer_name description hosted_invoice_url"),
      id,
      object: "invoice",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created,
      currency: item.price.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      lines: list([line], `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : created + 3 * 86_400,
      number: `STANDIN-${String(++invoiceNumber).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      },
      period_start: period[0],
      period_end: period[1],
      status: paid ? "paid" : "open",
      status_transitions: {
        finalized_at: created,
        paid_at: paid ? created : null,
        ...nulls("marked_uncollectible_at voided_at"),
      },
      subtotal,
      total: amount,
      total_discount_amounts: discount ? [{ amount: discount, discount: newId("di") }] : [],
    });
  }

  function completeCheckout(id: string): { result: StripeObject; events: StripeEvent[] } {
    const session = find("checkout.session", id);
    const terms = sessionTerms.get(id)!;
    // Checked before anything awaits, so a double submit cannot complete it twice.
    if (session.status !== "open")
      throw new StripeApiError(409, `Checkout Session ${id} is already ${String(session.status)}.`, {
        code: "checkout_session_not_open",
      });
    const t = now();
    let customerId = session.customer as string | null;
    const email =
      (session.customer_email as string | null) ??
      (customerId ? (find("customer", customerId).email as string | null) : null) ??
      "buyer@example.com";
    const subscriptionMode = session.mode === "subscription";
    // As at Stripe: a subscription always gets a customer, a one-off payment only with customer_creation=always.
    if (!customerId && (subscriptionMode || session.customer_creation === "always"))
      customerId = createCustomer(email).id;
    const later: StripeEvent[] = [];
    const amount = terms.price.unit_amount * terms.quantity - terms.discount;
    // The coupon is redeemed (once, with max_redemptions 1, and it is spent).
    if (terms.coupon) {
      const redeemed = Number(terms.coupon.times_redeemed) + 1;
      const max = terms.coupon.max_redemptions as number | null;
      Object.assign(terms.coupon, { times_redeemed: redeemed, valid: max === null || redeemed < max });
    }
    if (subscriptionMode) {
      const { interval, interval_count } = terms.price.recurring!;
      const subId = newId("sub");
      const item: Item = {
        id: newId("si", 14),
        object: "subscription_item",
        created: t,
        current_period_start: t,
        current_period_end: addInterval(t, interval, interval_count),
        metadata: {},
        price: terms.price,
        quantity: terms.quantity,
        subscription: subId,
      };
      const sub = store<Subscription>("subscription", {
        ...nulls("cancel_at description ended_at pause_collection pending_update schedule"),
        ...nulls("test_clock trial_end trial_start"),
        id: subId,
        object: "subscription",
        billing_cycle_anchor: t,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: nulls("comment feedback reason"),
        collection_method: "charge_automatically",
        created: t,
        currency: terms.price.currency,
        customer: customerId!,
        default_payment_method: newId("pm"),
        items: list([item], `/v1/subscription_items?subscription=${subId}`),
        latest_invoice: null,
        livemode: false,
        metadata: terms.subscriptionMetadata,
        start_date: t,
        status: "active",
      });
      const invoice = createInvoice(sub, "subscription_create", true, [t, t], terms.discount);
      sub.latest_invoice = invoice.id;
      Object.assign(session, { subscription: sub.id, invoice: invoice.id });
      later.push(buildEvent("customer.subscription.created", sub), buildEvent("invoice.paid", invoice));
    } else {
      const piId = newId("pi");
      const paymentMethod = newId("pm");
      const charge = store("charge", {
        ...nulls("description failure_code failure_message receipt_email receipt_url"),
        id: newId("ch"),
        object: "charge",
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        balance_transaction: newId("txn"),
        billing_details: { ...nulls("address name phone"), email },
        captured: true,
        created: t,
        currency: terms.price.currency,
        customer: customerId,
        livemode: false,
        metadata: { ...terms.paymentMetadata },
        paid: true,
        payment_intent: piId,
        payment_method: paymentMethod,
        refunded: false,
        status: "succeeded",
      });
      store("payment_intent", {
        ...nulls("canceled_at cancellation_reason description last_payment_error next_action receipt_email"),
        id: piId,
        object: "payment_intent",
        amount,
        amount_capturable: 0,
        amount_received: amount,
        capture_method: "automatic_async",
        client_secret: `${piId}_secret_${newId("x").slice(2)}`,
        created: t,
        currency: terms.price.currency,
        customer: customerId,
        latest_charge: charge.id,
        livemode: false,
        metadata: terms.paymentMetadata,
        payment_method: paymentMethod,
        payment_method_types: ["card"],
        status: "succeeded",
      });
      session.payment_intent = piId;
    }
    Object.assign(session, {
      customer: customerId,
      status: "complete",
      payment_status: "paid",
      url: null,
      customer_details: { ...nulls("address name phone"), email, tax_exempt: "none", tax_ids: [] },
    });
    return { result: session, events: [buildEvent("checkout.session.completed", session), ...later] };
  }

  function liveSubscription(id: string): Subscription {
    const sub = find("subscription", id);
    if (sub.status === "canceled")
      throw new StripeApiError(400, `Subscription ${id} is canceled.`, { code: "resource_canceled" });
    return sub;
  }
  const subscriptionChange = (sub: Subscription) => ({
    items: clone(sub.items),
    latest_invoice: sub.latest_invoice,
    status: sub.status,
  });

  /** The period ends: the next one starts, billed by a paid (or, failing, an open) invoice. */
  function advance(sub: Subscription, paid: boolean) {
    if (sub.cancel_at_period_end)
      throw new StripeApiError(
        400,
        `Subscription ${sub.id} cancels at its period's end: endSubscription() it instead.`,
      );
    const item = sub.items.data[0]!;
    const previous = subscriptionChange(sub);
    const period: [number, number] = [item.current_period_start, item.current_period_end];
    item.current_period_start = period[1];
    item.current_period_end = addInterval(
      period[1],
      item.price.recurring!.interval,
      item.price.recurring!.interval_count,
    );
    const invoice = createInvoice(sub, "subscription_cycle", paid, period);
    Object.assign(sub, { latest_invoice: invoice.id, status: paid ? "active" : "past_due" });
    return [
      buildEvent(paid ? "invoice.paid" : "invoice.payment_failed", invoice),
      buildEvent("customer.subscription.updated", sub, previous),
    ];
  }
  const openInvoice = (sub: Subscription) => {
    const invoice = sub.latest_invoice ? stores.invoice.get(sub.latest_invoice) : undefined;
    return invoice?.status === "open" ? invoice : undefined;
  };

  function renew(id: string) {
    const sub = liveSubscription(id);
    const open = openInvoice(sub);
    if (!open) return { result: sub, events: advance(sub, true) };
    // A past_due subscription whose retry succeeds: its open invoice is paid, the period stays.
    const previous = { status: sub.status };
    Object.assign(open, {
      amount_paid: open.amount_due,
      amount_remaining: 0,
      attempt_count: Number(open.attempt_count) + 1,
      auto_advance: false,
      next_payment_attempt: null,
      status: "paid",
      status_transitions: { ...obj(open.status_transitions), paid_at: now() },
    });
    sub.status = "active";
    return {
      result: sub,
      events: [buildEvent("invoice.paid", open), buildEvent("customer.subscription.updated", sub, previous)],
    };
  }

  function failRenewal(id: string) {
    const sub = liveSubscription(id);
    const open = openInvoice(sub);
    if (!open) return { result: sub, events: advance(sub, false) };
    Object.assign(open, { attempt_count: Number(open.attempt_count) + 1, next_payment_attempt: now() + 3 * 86_400 });
    return { result: sub, events: [buildEvent("invoice.payment_failed", open)] };
  }

  function cancelAtPeriodEnd(id: string, on = true) {
    const sub = liveSubscription(id);
    const previous = {
      cancel_at: sub.cancel_at,
      cancel_at_period_end: sub.cancel_at_period_end,
      canceled_at: sub.canceled_at,
      cancellation_details: clone(sub.cancellation_details),
    };
    // As at Stripe: cancelling at the period's end also sets cancel_at and canceled_at.
    Object.assign(sub, {
      cancel_at_period_end: on,
      cancel_at: on ? sub.items.data[0]!.current_period_end : null,
      canceled_at: on ? now() : null,
      cancellation_details: { ...nulls("comment feedback"), reason: on ? "cancellation_requested" : null },
    });
    return { result: sub, events: [buildEvent("customer.subscription.updated", sub, previous)] };
  }

  function endSubscription(id: string, immediately = false) {
    const sub = liveSubscription(id);
    const t = now();
    const endedAt = sub.cancel_at_period_end && !immediately ? sub.items.data[0]!.current_period_end : t;
    Object.assign(sub, {
      status: "canceled",
      ended_at: endedAt,
      canceled_at: sub.canceled_at ?? t,
      cancellation_details: { ...nulls("comment feedback"), reason: "cancellation_requested" },
    });
    return { result: sub, events: [buildEvent("customer.subscription.deleted", sub)] };
  }

  function refund(paymentIntentId: string, amount?: number, reason?: string) {
    const intent = find("payment_intent", paymentIntentId, "payment_intent");
    const charge = find("charge", String(intent.latest_charge));
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (left <= 0)
      throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    const value = amount ?? left;
    if (value <= 0 || value > left)
      throw new StripeApiError(400, `Refund amount (${value}) is greater than unrefunded amount on charge (${left})`, {
        code: "amount_too_large",
        param: "amount",
      });
    const created = store("refund", {
      ...nulls("receipt_number source_transfer_reversal transfer_reversal"),
      id: newId("re"),
      object: "refund",
      amount: value,
      balance_transaction: newId("txn"),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      customer: intent.customer ?? null,
      metadata: {},
      payment_intent: intent.id,
      reason: reason ?? null,
      status: "succeeded",
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    Object.assign(charge, { amount_refunded: Number(charge.amount_refunded) + value, refunded: value === left });
    return {
      result: created,
      events: [buildEvent("charge.refunded", charge, previous), buildEvent("refund.created", created)],
    };
  }

  // ---- The API ----------------------------------------------------------------------------------------

  const RETRIEVABLE: Record<string, Kind> = {
    "checkout/sessions": "checkout.session",
    subscriptions: "subscription",
    invoices: "invoice",
    payment_intents: "payment_intent",
    charges: "charge",
    refunds: "refund",
    customers: "customer",
    coupons: "coupon",
  };

  /** Answers one API request; the events it causes go out after the answer. */
  function route(method: string, path: string, p: Params): { result: StripeObject; events?: StripeEvent[] } {
    if (method === "POST" && path === "/v1/checkout/sessions") return { result: createSession(p) };
    if (method === "POST" && path === "/v1/coupons") return { result: createCoupon(p) };
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = required(p, "customer");
      find("customer", customer, "customer");
      const id = newId("bps");
      return {
        result: store("billing_portal.session", {
          ...nulls("customer_account flow on_behalf_of"),
          id,
          object: "billing_portal.session",
          configuration: "bpc_standin",
          created: now(),
          customer,
          livemode: false,
          locale: str(p.locale) ?? null,
          return_url: str(p.return_url) ?? null,
          url: `${base}/p/session/${id}`,
        }),
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      if (refundRefusal) throw new StripeApiError(400, refundRefusal, { code: "charge_disputed" });
      const charge = str(p.charge);
      const intent =
        str(p.payment_intent) ?? (charge ? String(find("charge", charge, "charge").payment_intent) : undefined);
      if (!intent) throw missingParam("payment_intent");
      const amount = str(p.amount);
      return refund(intent, amount === undefined ? undefined : integer(amount, "amount"), str(p.reason));
    }
    const match = /^\/v1\/(checkout\/sessions|[a-z_]+)\/([^/]+)$/.exec(path);
    const kind = match && RETRIEVABLE[match[1]!];
    if (match && kind) {
      const id = decodeURIComponent(match[2]!);
      if (method === "GET") return { result: find(kind, id) };
      // The subscription changes an app may make itself: cancel at the period's end (or not), cancel now.
      if (kind === "subscription" && method === "DELETE") return endSubscription(id, true);
      if (kind === "subscription" && method === "POST") {
        const unsupported = Object.keys(p).filter(
          (key) => !["cancel_at_period_end", "metadata", "expand"].includes(key),
        );
        if (unsupported.length)
          throw invalidParam(unsupported[0]!, `The stand-in does not update ${unsupported.join(", ")}`);
        const sub = liveSubscription(id);
        if (p.metadata !== undefined) sub.metadata = { ...sub.metadata, ...metadataOf(p.metadata) };
        return p.cancel_at_period_end === undefined
          ? { result: sub }
          : cancelAtPeriodEnd(id, p.cancel_at_period_end === "true");
      }
    }
    throw new StripeApiError(
      404,
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const method = req.method ?? "GET";
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "request-id": newId("req", 14),
      "stripe-version": API_VERSION,
    };
    const reply = (status: number, payload: unknown) =>
      res.writeHead(status, headers).end(JSON.stringify(payload, null, 2));
    const auth = /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!auth)
      return reply(
        401,
        new StripeApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ),
      );
    if (!auth.startsWith("sk_test_"))
      return reply(
        401,
        new StripeApiError(
          401,
          `Invalid API Key provided: ${auth.slice(0, 8)}${"*".repeat(Math.max(0, auth.length - 12))}${auth.slice(-4)}`,
        ),
      );
    const params = parseStripeForm(method === "POST" ? body : url.search.slice(1));
    const key = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
    requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey: key,
      stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
    });
    // A retried POST (same Idempotency-Key) gets the first answer again and changes nothing.
    const replay = key ? idempotent.get(key) : undefined;
    if (replay) {
      headers["idempotent-replayed"] = "true";
      return reply(replay.status, replay.body);
    }
    let status = 200;
    let answer: unknown;
    let events: StripeEvent[] = [];
    try {
      const outcome = route(method, url.pathname, params);
      answer = expand(outcome.result, Array.isArray(params.expand) ? params.expand.map(String) : []);
      events = outcome.events ?? [];
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      [status, answer] = [error.status, error.toJSON()];
    }
    if (key) idempotent.set(key, { status, body: answer });
    reply(status, answer);
    if (events.length) inBackground(events);
  }

  // ---- Hosted pages (Checkout, the customer portal) -----------------------------------------------------

  const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = (res: ServerResponse, status: number, title: string, body: string) =>
    res
      .writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`,
      );
  function money(amount: number, currency: string) {
    const format = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() });
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  }
  const priceText = (price: Price, quantity: number) =>
    `${money(price.unit_amount * quantity, price.currency)}${price.recurring ? ` per ${price.recurring.interval}` : ""}`;

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string) {
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const session = stores["checkout.session"].get(pay[1]!);
      const terms = sessionTerms.get(pay[1]!);
      if (!session || !terms) return html(res, 404, "Not found", "<h1>This checkout does not exist</h1>");
      if (req.method === "POST") {
        if (session.status !== "open")
          return html(res, 409, "Already paid", "<h1>This checkout is already complete</h1>");
        const { events } = completeCheckout(session.id);
        await dispatch(events);
        const success = (session.success_url as string | null)?.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
        if (success) return void res.writeHead(303, { location: success }).end();
        return html(res, 200, "Paid", "<h1>Thank you</h1><p>Your payment is complete.</p>");
      }
      const name = productNames.get(terms.price.product) ?? "Product";
      if (session.status !== "open")
        return html(res, 200, name, `<h1>${escape(name)}</h1><p>This checkout is complete.</p>`);
      const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : "";
      const email = session.customer_email ? `<p>Email: ${escape(session.customer_email)}</p>` : "";
      return html(
        res,
        200,
        `Pay for ${name}`,
        `<h1>${escape(name)}</h1><p>Amount: ${escape(priceText(terms.price, terms.quantity))}</p>` +
          (terms.discount
            ? `<p>Discount: ${escape(money(terms.discount, terms.price.currency))}; due today: ${escape(money(Number(session.amount_total), terms.price.currency))}</p>`
            : "") +
          email +
          `<form method="post"><button type="submit">Pay</button></form>${back}`,
      );
    }
    const portal = /^\/p\/session\/([^/]+)(?:\/cancel\/([^/]+))?$/.exec(path);
    const session = portal && stores["billing_portal.session"].get(portal[1]!);
    if (!portal || !session) return html(res, 404, "Not found", "<h1>Not found</h1>");
    if (req.method === "POST" && portal[2]) {
      const sub = stores.subscription.get(portal[2]);
      if (!sub || sub.customer !== session.customer) return html(res, 404, "Not found", "<h1>Not found</h1>");
      if (sub.status !== "canceled" && !sub.cancel_at_period_end) await dispatch(cancelAtPeriodEnd(sub.id).events);
      return void res.writeHead(303, { location: `/p/session/${session.id}` }).end();
    }
    const subs = [...stores.subscription.values()].filter((sub) => sub.customer === session.customer);
    const sections = subs.map((sub) => {
      const item = sub.items.data[0]!;
      const name = productNames.get(item.price.product) ?? "Subscription";
      const end = new Date(item.current_period_end * 1000).toISOString().slice(0, 10);
      const state =
        sub.status === "canceled"
          ? "Canceled."
          : sub.cancel_at_period_end
            ? `Cancels on ${end}.`
            : `${sub.status === "active" ? "Active" : sub.status}; renews on ${end}.`;
      const cancel =
        sub.status === "canceled" || sub.cancel_at_period_end
          ? ""
          : `<form method="post" action="/p/session/${escape(session.id)}/cancel/${escape(sub.id)}"><button type="submit">Cancel subscription</button></form>`;
      return `<section><h2>${escape(name)}</h2><p>${escape(priceText(item.price, item.quantity))}. ${escape(state)}</p>${cancel}</section>`;
    });
    const back = session.return_url ? `<p><a href="${escape(session.return_url)}">Return</a></p>` : "";
    return html(
      res,
      200,
      "Your subscriptions",
      `<h1>Your subscriptions</h1>${sections.join("") || "<p>No subscriptions.</p>"}${back}`,
    );
  }

  // ---- The control API and the server ------------------------------------------------------------------

  const run = async (change: { result: StripeObject; events: StripeEvent[] }) => (
    await dispatch(change.events),
    clone(change.result)
  );
  const values = <K extends Kind>(kind: K) => [...stores[kind].values()] as Stored[K][];
  // The objects as they are now (live: a test reads them, the stand-in changes them).
  const state = (): StandinState => ({
    sessions: values("checkout.session"),
    subscriptions: values("subscription"),
    invoices: values("invoice"),
    paymentIntents: values("payment_intent"),
    charges: values("charge"),
    refunds: values("refund"),
    customers: values("customer"),
    coupons: values("coupon"),
    portalSessions: values("billing_portal.session"),
    deliveries,
    held: held ?? [],
    requests,
  });
  const standin: Omit<StripeStandin, "url" | "port" | "state" | "close"> = {
    renew: async (id) => run(renew(id)),
    failRenewal: async (id) => run(failRenewal(id)),
    cancelAtPeriodEnd: async (id, on = true) => run(cancelAtPeriodEnd(id, on)),
    endSubscription: async (id) => run(endSubscription(id)),
    refund: async (id, amount) => run(refund(id, amount)),
    completeCheckout: async (id) => run(completeCheckout(id)),
    refuseRefunds(message) {
      refundRefusal = message;
    },
    buildEvent,
    deliver,
    sign,
    setWebhook(url, secret) {
      webhookUrl = url;
      if (secret !== undefined) webhookSecret = secret;
    },
    hold() {
      held ??= [];
    },
    async release(order) {
      const queued = held ?? [];
      held = null;
      return flush(order ? order.map((i) => queued[i]!).filter(Boolean) : queued);
    },
    flush,
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
    reset() {
      for (const map of [...Object.values(stores), sessionTerms, productNames, idempotent]) map.clear();
      deliveries.length = requests.length = 0;
      held = null;
      refundRefusal = null;
    },
  };
  // POST /__control/<action>[/<id>] with a JSON body for the other arguments; answers JSON.
  const control: Record<string, (id: string, body: Params) => unknown> = {
    renew: (id) => standin.renew(id),
    "fail-renewal": (id) => standin.failRenewal(id),
    "cancel-at-period-end": (id, b) => standin.cancelAtPeriodEnd(id, b.on !== false),
    "end-subscription": (id) => standin.endSubscription(id),
    refund: (id, b) => standin.refund(id, typeof b.amount === "number" ? b.amount : undefined),
    "complete-checkout": (id) => standin.completeCheckout(id),
    "refuse-refunds": (_, b) => standin.refuseRefunds(str(b.message) ?? null),
    deliver: (_, b) => standin.deliver((b.event ?? b) as StripeEvent),
    "build-event": (_, b) => buildEvent(String(b.type), b.object as StripeObject, obj(b.previous_attributes)),
    sign: (_, b) => ({
      header: sign(String(b.payload), str(b.secret), typeof b.timestamp === "number" ? b.timestamp : undefined),
    }),
    webhook: (_, b) => standin.setWebhook(str(b.url) ?? null, str(b.secret)),
    hold: () => standin.hold(),
    release: (_, b) => standin.release(Array.isArray(b.order) ? b.order.map(Number) : undefined),
    flush: (_, b) => flush(Array.isArray(b.events) ? (b.events as StripeEvent[]) : []),
    settled: () => standin.settled(),
    reset: () => standin.reset(),
    state: () => state(),
  };

  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://local");
      const path = url.pathname;
      void (async () => {
        if (path === "/health") return void res.writeHead(200, { "content-type": "text/plain" }).end("ok");
        if (path.startsWith("/v1/")) return api(req, res, url, body);
        const action = /^\/__control\/([a-z-]+)(?:\/([^/]+))?$/.exec(path);
        if (action) {
          const handler = control[action[1]!];
          if (!handler) return void res.writeHead(404).end();
          const result = await handler(decodeURIComponent(action[2] ?? ""), body ? (JSON.parse(body) as Params) : {});
          return void res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify(result ?? { ok: true }));
        }
        if (path.startsWith("/c/pay/") || path.startsWith("/p/session/")) return hosted(req, res, path);
        res.writeHead(404).end();
      })().catch((error: unknown) => {
        // A control call on an unknown id (or a state it cannot take) answers with Stripe's error shape.
        const failure =
          error instanceof StripeApiError ? error : new StripeApiError(500, String(error), { type: "api_error" });
        if (!res.headersSent)
          res.writeHead(failure.status, { "content-type": "application/json" }).end(JSON.stringify(failure));
      });
    });
  });
  await new Promise<void>((ok) => server.listen(options.port ?? 0, "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    ...standin,
    url: base,
    port,
    get state() {
      return state();
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standin = await startStripeStandin({
    port: Number(process.env.STRIPE_STANDIN_PORT ?? 12111),
    webhookUrl: process.env.STRIPE_WEBHOOK_URL || undefined,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  });
  console.log(`stripe stand-in on ${standin.url}`);
  process.on("SIGTERM", () => {
    void standin.close();
    process.exit(0);
  });
}
