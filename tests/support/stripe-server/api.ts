/**
 * The Stripe API endpoints the app may call (issue 11 lists them): the account look-up, Checkout
 * Sessions, Payment Intents, Charges, Refunds and Disputes (retrieved, and listed for reconciliation).
 * Everything else is 404 like an unknown Stripe URL, so a call outside that list fails the tests.
 */
import { MockStripeError, invalidParam, missingParam, noSuch } from "./errors";
import { type FormObject, type FormValue, checkKnown, hash, int, list, parseForm, pick, str, type ParamSpec } from "./form";
import type { StripeMock } from "./mock";
import { chargeFor, expireSession, refundCharge, sessionExtras, type Refund, type Session } from "./objects";
import { type Account, newId, type StripeObject } from "./state";

export type ApiResult = { status: number; body: unknown; replayed?: boolean; drop?: boolean };

const LOCALES = new Set(
  "auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW".split(" "),
);
const EXPANDABLE: Record<string, string[]> = {
  "checkout.session": ["payment_intent"],
  payment_intent: ["latest_charge"],
  charge: ["payment_intent"],
  refund: ["charge", "payment_intent"],
  dispute: ["charge", "payment_intent"],
};
const KIND: Record<string, string> = {
  "checkout.session": "checkout.session",
  payment_intent: "payment_intent",
  charge: "charge",
  refund: "refund",
  dispute: "dispute",
};

const SESSION_PARAMS: ParamSpec = {
  mode: true,
  currency: true,
  line_items: [{ price_data: { currency: true, unit_amount: true, product_data: { name: true, description: true } }, quantity: true }],
  client_reference_id: true,
  metadata: "hash",
  locale: true,
  success_url: true,
  cancel_url: true,
  expires_at: true,
  customer_email: true,
  payment_intent_data: { metadata: "hash", description: true },
  payment_method_types: [true],
  expand: [true],
};
const REFUND_PARAMS: ParamSpec = { payment_intent: true, charge: true, amount: true, reason: true, metadata: "hash", expand: [true] };
const RETRIEVE_PARAMS: ParamSpec = { expand: [true] };
const LIST_PARAMS: ParamSpec = { created: { gt: true, gte: true, lt: true, lte: true }, limit: true, starting_after: true, ending_before: true, expand: [true] };

function checkUrl(value: string | undefined, param: string): void {
  if (value === undefined) return;
  try {
    const url = new URL(value.replace("{CHECKOUT_SESSION_ID}", "cs"));
    if (url.protocol === "http:" || url.protocol === "https:") return;
  } catch {
    // refused below
  }
  throw new MockStripeError(400, "invalid_request_error", "Not a valid URL", "url_invalid", param);
}

function checkMetadata(metadata: Record<string, string>, param: string): void {
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalidParam(param, "Invalid metadata: metadata cannot have more than 50 keys");
  for (const [key, value] of entries) {
    if (key.length > 40) throw invalidParam(`${param}[${key}]`, "Invalid metadata: keys can be at most 40 characters long");
    if (value.length > 500) throw invalidParam(`${param}[${key}]`, "Invalid metadata: values can be at most 500 characters long");
  }
}

function createSession(mock: StripeMock, account: Account, params: FormObject): Session {
  checkKnown(params, SESSION_PARAMS);
  const mode = str(params, ["mode"], true);
  if (mode !== "payment") throw invalidParam("mode", `The mock supports mode=payment only (got ${mode}).`);
  const items = pick(params, ["line_items"]);
  if (!Array.isArray(items) || items.length === 0) throw missingParam("line_items");
  let currency: string | undefined;
  let total = 0;
  const first = { name: "", unit: 0, quantity: 0 };
  items.forEach((_item, i) => {
    if (pick(params, ["line_items", i, "price_data"]) === undefined) throw missingParam(`line_items[${i}][price_data]`);
    const itemCurrency = str(params, ["line_items", i, "price_data", "currency"], true) as string;
    const unit = int(params, ["line_items", i, "price_data", "unit_amount"], true) as number;
    const name = str(params, ["line_items", i, "price_data", "product_data", "name"], true) as string;
    const quantity = int(params, ["line_items", i, "quantity"], true) as number;
    if (itemCurrency !== "eur") throw invalidParam(`line_items[${i}][price_data][currency]`, `Invalid currency: ${itemCurrency}. The mock accepts eur.`);
    if (currency && currency !== itemCurrency) throw invalidParam("line_items", "All line items must use the same currency.");
    if (unit < 0 || unit > 99_999_999) throw invalidParam(`line_items[${i}][price_data][unit_amount]`, "Invalid non-negative integer");
    if (quantity < 1 || quantity > 999_999) throw invalidParam(`line_items[${i}][quantity]`, "Invalid positive integer");
    currency = itemCurrency;
    total += unit * quantity;
    if (i === 0) Object.assign(first, { name, unit, quantity });
  });
  const topCurrency = str(params, ["currency"]);
  if (topCurrency !== undefined && topCurrency !== currency) throw invalidParam("currency", "The currency must match the line items' currency.");
  // Stripe's minimum charge for EUR.
  if (total < 50) {
    throw new MockStripeError(400, "invalid_request_error", "The Checkout Session's total amount due must add up to at least €0.50 eur", "amount_too_small", "line_items");
  }
  const successUrl = str(params, ["success_url"], true) as string;
  checkUrl(successUrl, "success_url");
  const cancelUrl = str(params, ["cancel_url"]);
  checkUrl(cancelUrl, "cancel_url");
  const now = mock.state.now();
  const expiresAt = int(params, ["expires_at"]) ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.");
  }
  if (expiresAt > now + 24 * 3600) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.");
  }
  const locale = str(params, ["locale"]);
  if (locale !== undefined && !LOCALES.has(locale)) throw invalidParam("locale", `Invalid locale: ${locale}`);
  const clientReferenceId = str(params, ["client_reference_id"]);
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) throw invalidParam("client_reference_id", "client_reference_id must be at most 200 characters");
  const email = str(params, ["customer_email"]);
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new MockStripeError(400, "invalid_request_error", `Invalid email address: ${email}`, "email_invalid", "customer_email");
  }
  const metadata = hash(params, ["metadata"]);
  checkMetadata(metadata, "metadata");
  const intentMetadata = hash(params, ["payment_intent_data", "metadata"]);
  checkMetadata(intentMetadata, "payment_intent_data[metadata]");
  const id = newId("cs", account.livemode);
  const session = mock.state.save<Session>(account, {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: clientReferenceId ?? null,
    created: now,
    currency: currency as string,
    customer: null,
    customer_details: null,
    customer_email: email ?? null,
    expires_at: expiresAt,
    livemode: account.livemode,
    locale: locale ?? null,
    metadata,
    mode: "payment",
    payment_intent: null,
    payment_method_types: list(params, ["payment_method_types"]).length ? list(params, ["payment_method_types"]) : ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${mock.baseUrl}/c/pay/${id}`,
  });
  sessionExtras.set(session, { productName: first.name, unitAmount: first.unit, quantity: first.quantity, paymentIntentMetadata: intentMetadata });
  return session;
}

function createRefund(mock: StripeMock, account: Account, params: FormObject): ApiResult {
  checkKnown(params, REFUND_PARAMS);
  const intentId = str(params, ["payment_intent"]);
  const chargeId = str(params, ["charge"]);
  if (!intentId && !chargeId) throw new MockStripeError(400, "invalid_request_error", "One of `charge` or `payment_intent` is required.", "parameter_missing");
  const id = (intentId ?? chargeId) as string;
  const target = chargeFor(mock.state, account, id);
  if (!target) {
    if (intentId && mock.state.find(account, intentId, "payment_intent")) {
      throw new MockStripeError(400, "invalid_request_error", `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, undefined, "payment_intent");
    }
    throw intentId ? noSuch("payment_intent", intentId, "payment_intent") : noSuch("charge", chargeId as string, "charge");
  }
  if (chargeId && intentId && target.charge.id !== chargeId) throw invalidParam("charge", "The charge does not belong to this PaymentIntent.");
  const amount = int(params, ["amount"]);
  if (amount !== undefined && amount < 1) throw new MockStripeError(400, "invalid_request_error", "Invalid positive integer", "parameter_invalid_integer", "amount");
  const reason = str(params, ["reason"]);
  if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
    throw invalidParam("reason", `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`);
  }
  const metadata = hash(params, ["metadata"]);
  checkMetadata(metadata, "metadata");
  if (mock.refundFailures.get(target.intent.id) === "refused") {
    throw new MockStripeError(
      402,
      "invalid_request_error",
      "Your account has insufficient funds to cover this refund. Add funds to your Stripe balance and try again.",
      "balance_insufficient",
    );
  }
  const { refund, previous } = refundCharge(mock.state, account, target, { amount, reason: (reason ?? null) as Refund["reason"], metadata });
  // Stripe sends charge.refunded for API refunds too: the app sees its own refund come back.
  void mock.emit(account, "charge.refunded", target.charge, previous);
  return { status: 200, body: expand(mock, account, refund, list(params, ["expand"])) };
}

/** The network failure a test asked for on this refund request's PaymentIntent, if any. */
function networkFailure(mock: StripeMock, account: Account, request: ApiRequest, params: FormValue): "before" | "after" | null {
  if (request.method !== "POST" || request.path !== "/v1/refunds") return null;
  const id = str(params, ["payment_intent"]) ?? str(params, ["charge"]);
  const intent = id ? chargeFor(mock.state, account, id)?.intent.id : undefined;
  const failure = intent ? mock.refundFailures.get(intent) : undefined;
  return failure === "network-before" ? "before" : failure === "network-after" ? "after" : null;
}

function expand(mock: StripeMock, account: Account, object: StripeObject, paths: string[]): StripeObject {
  const copy = structuredClone(object) as StripeObject;
  for (const path of paths) {
    const field = path.split(".")[0] as string;
    if (!(EXPANDABLE[object.object] ?? []).includes(field)) {
      throw new MockStripeError(400, "invalid_request_error", `This property cannot be expanded (${path}).`, undefined, "expand");
    }
    const value = copy[field];
    if (typeof value !== "string") continue;
    const target = mock.state.objects.get(value);
    if (target) copy[field] = structuredClone(target.object);
  }
  return copy;
}

function retrieve(mock: StripeMock, account: Account, object: string, id: string, params: FormObject): StripeObject {
  checkKnown(params, RETRIEVE_PARAMS);
  const found = mock.state.find<StripeObject>(account, id, KIND[object] as string);
  if (!found) throw noSuch(object === "checkout.session" ? "checkout.session" : object, id);
  return expand(mock, account, found, list(params, ["expand"]));
}

/**
 * GET /v1/refunds and /v1/disputes as Stripe lists them: newest first (ties by id), filtered by
 * `created[gt|gte|lt|lte]`, `limit` 1–100 (default 10), paged with `starting_after` (the page after that
 * object) and `has_more`. Only the account's own objects.
 */
function listObjects(mock: StripeMock, account: Account, object: "refund" | "dispute", params: FormObject): Record<string, unknown> {
  checkKnown(params, LIST_PARAMS);
  const limit = int(params, ["limit"]) ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam("limit", "This value must be greater than or equal to 1 and less than or equal to 100.");
  const bound = (name: string) => int(params, ["created", name]);
  const [gt, gte, lt, lte] = [bound("gt"), bound("gte"), bound("lt"), bound("lte")];
  const owned = mock.state
    .all<StripeObject & { created: number }>(object)
    .filter((entry) => mock.state.find(account, entry.id, object) !== undefined)
    .filter((entry) => (gt === undefined || entry.created > gt) && (gte === undefined || entry.created >= gte) && (lt === undefined || entry.created < lt) && (lte === undefined || entry.created <= lte))
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = str(params, ["starting_after"]);
  let start = 0;
  if (after) {
    const index = owned.findIndex((entry) => entry.id === after);
    if (index === -1) throw noSuch(object, after);
    start = index + 1;
  }
  const page = owned.slice(start, start + limit);
  return { object: "list", data: page.map((entry) => expand(mock, account, entry, list(params, ["expand"]))), has_more: start + limit < owned.length, url: `/v1/${object}s` };
}

function accountObject(account: Account): Record<string, unknown> {
  return {
    id: account.accountId,
    object: "account",
    business_profile: { name: "Mock Studio", url: null },
    business_type: "company",
    capabilities: { card_payments: "active", transfers: "active" },
    charges_enabled: true,
    country: "FR",
    default_currency: "eur",
    details_submitted: true,
    email: "owner@example.com",
    payouts_enabled: true,
    settings: { dashboard: { display_name: "Mock Studio", timezone: "Europe/Paris" } },
    type: "standard",
  };
}

const ROUTES: { method: string; pattern: RegExp; handle: (mock: StripeMock, account: Account, params: FormObject, match: RegExpExecArray) => ApiResult }[] = [
  { method: "GET", pattern: /^\/v1\/account$/, handle: (_m, account, params) => (checkKnown(params, RETRIEVE_PARAMS), { status: 200, body: accountObject(account) }) },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions$/,
    handle: (mock, account, params) => ({ status: 200, body: expand(mock, account, createSession(mock, account, params), list(params, ["expand"])) }),
  },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (mock, account, params, m) => ({ status: 200, body: retrieve(mock, account, "checkout.session", m[1] as string, params) }) },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle: (mock, account, params, m) => {
      checkKnown(params, RETRIEVE_PARAMS);
      const session = mock.state.find<Session>(account, m[1] as string, "checkout.session");
      if (!session) throw noSuch("checkout.session", m[1] as string, "session");
      expireSession(session);
      void mock.emit(account, "checkout.session.expired", session);
      return { status: 200, body: expand(mock, account, session, list(params, ["expand"])) };
    },
  },
  { method: "GET", pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: (mock, account, params, m) => ({ status: 200, body: retrieve(mock, account, "payment_intent", m[1] as string, params) }) },
  { method: "GET", pattern: /^\/v1\/charges\/([^/]+)$/, handle: (mock, account, params, m) => ({ status: 200, body: retrieve(mock, account, "charge", m[1] as string, params) }) },
  { method: "POST", pattern: /^\/v1\/refunds$/, handle: (mock, account, params) => createRefund(mock, account, params) },
  { method: "GET", pattern: /^\/v1\/refunds$/, handle: (mock, account, params) => ({ status: 200, body: listObjects(mock, account, "refund", params) }) },
  { method: "GET", pattern: /^\/v1\/disputes$/, handle: (mock, account, params) => ({ status: 200, body: listObjects(mock, account, "dispute", params) }) },
  { method: "GET", pattern: /^\/v1\/refunds\/([^/]+)$/, handle: (mock, account, params, m) => ({ status: 200, body: retrieve(mock, account, "refund", m[1] as string, params) }) },
  { method: "GET", pattern: /^\/v1\/disputes\/([^/]+)$/, handle: (mock, account, params, m) => ({ status: 200, body: retrieve(mock, account, "dispute", m[1] as string, params) }) },
];

export type ApiRequest = { method: string; path: string; query: string; body: string; authorization: string | undefined; idempotencyKey: string | undefined };

function authenticate(mock: StripeMock, authorization: string | undefined): Account {
  const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
  if (!key) {
    throw new MockStripeError(401, "invalid_request_error", "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.");
  }
  const account = mock.state.accounts.get(key);
  if (!account) {
    const shown = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(12)}${key.slice(-4)}` : key;
    throw new MockStripeError(401, "invalid_request_error", `Invalid API Key provided: ${shown}`, "api_key_invalid");
  }
  return account;
}

/** One API request: authentication, routing, Idempotency-Key replay, Stripe's error envelope. */
export function handleApi(mock: StripeMock, request: ApiRequest): ApiResult {
  mock.requests.push({ method: request.method, path: request.path, idempotencyKey: request.idempotencyKey ?? null });
  try {
    const account = authenticate(mock, request.authorization);
    const route = ROUTES.map((r) => ({ r, m: r.method === request.method ? r.pattern.exec(request.path) : null })).find((x) => x.m);
    if (!route || !route.m) {
      throw new MockStripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    }
    const params: FormValue = parseParams(request);
    const storeKey = request.method === "POST" && request.idempotencyKey ? `${account.secretKey}\n${request.idempotencyKey}` : null;
    const fingerprint = `${request.method} ${request.path}\n${request.body}`;
    const network = networkFailure(mock, account, request, params);
    if (network === "before") return { status: 0, body: null, drop: true };
    if (storeKey) {
      const stored = mock.idempotency.get(storeKey);
      if (stored && stored.fingerprint !== fingerprint) {
        throw new MockStripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      if (stored) return { status: stored.status, body: JSON.parse(stored.body), replayed: true, drop: network === "after" };
    }
    let result: ApiResult;
    try {
      result = route.r.handle(mock, account, params as FormObject, route.m);
    } catch (error) {
      // Stripe saves the result once the endpoint ran (a 402 refusal), not a request refused by validation (400).
      if (storeKey && error instanceof MockStripeError && error.status === 402) {
        mock.idempotency.set(storeKey, { fingerprint, status: error.status, body: JSON.stringify(error.body()) });
      }
      throw error;
    }
    if (storeKey) mock.idempotency.set(storeKey, { fingerprint, status: result.status, body: JSON.stringify(result.body) });
    return { ...result, drop: network === "after" };
  } catch (error) {
    if (error instanceof MockStripeError) return { status: error.status, body: error.body() };
    if (error instanceof Error && error.message.startsWith("[stripe mock]")) {
      return { status: 400, body: new MockStripeError(400, "invalid_request_error", error.message.slice(14)).body() };
    }
    throw error;
  }
}

function parseParams(request: ApiRequest): FormValue {
  // GET parameters come in the query string, POST ones in the form body (Stripe reads both the same way).
  const query = request.query.replace(/^\?/, "");
  const combined = [query, request.body].filter(Boolean).join("&");
  return parseForm(combined);
}
