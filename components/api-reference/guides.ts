/**
 * The reference's guides, in Markdown (rendered on the server by react-markdown with remark-gfm).
 * What the document knows (the base URL, every error code, the webhook events) is filled in from it,
 * so a guide never lists a code or an event the API does not have, nor misses one it has.
 */
import type { Reference } from "./model";

export type Guide = { id: string; title: string; markdown: string };

/** What each error code means to a caller; the list of codes itself comes from the document. */
const CODE_MEANINGS: Record<string, string> = {
  VALIDATION_FAILED:
    "The request is not valid: an unknown field, a bad type or bound, a malformed player reference (`PLAYER_REF_INVALID`), too many metadata entries (`METADATA_TOO_LARGE`), a bad idempotency key, a refused code (`CODE_INVALID`), a return URL of another origin (`ORIGIN_MISMATCH`). `details.fieldErrors` maps each field to its reasons.",
  IDEMPOTENCY_KEY_REQUIRED: "The route needs an `Idempotency-Key` header and none (or an empty one) was sent.",
  UNAUTHENTICATED: "Missing, unknown, revoked or expired credentials, or wrong anonymous-player credentials. A client holding a token gets a new one and resends.",
  PAYMENT_FAILED: "No payment provider for the environment, or the provider refused.",
  FORBIDDEN: "Valid credentials, but not for this route or action: a secret key on a client route, an origin not allowed, an item not purchasable by clients, anonymous players disabled.",
  PLAYER_BLOCKED: "The player is blocked by the studio.",
  NOT_FOUND: "Unknown route, player (a service id, or `ext:` on a read), currency, item, pack or order, or another player's order.",
  METHOD_NOT_ALLOWED: "The route exists, but not with this HTTP method.",
  CONFLICT: "The action does not fit the resource's state: consuming a durable item, buying an item without a currency price, refunding an order that cannot be refunded.",
  IDEMPOTENCY_CONFLICT: "The idempotency key was already used for a different request.",
  INSUFFICIENT_FUNDS: "Balance or owned quantity too low; `details.required` and `details.available` say by how much.",
  LIMIT_REACHED: "A balance would exceed 1,000,000,000,000,000, an item its `maxOwned`, or a pack its `maxPerPlayer`.",
  PACK_NOT_AVAILABLE: "The pack is outside its sale window (`details.startsAt`, `details.endsAt`).",
  PACK_SOLD_OUT: "The pack has no stock left.",
  RATE_LIMITED: "Too many requests; wait the seconds of `Retry-After`.",
  INTERNAL_ERROR: "A bug on our side; nothing was changed. Retrying with the same `Idempotency-Key` is safe.",
  SERVICE_UNAVAILABLE: "The service is briefly unavailable; retry after `Retry-After` seconds with the same `Idempotency-Key`.",
};

/** Retrying these is safe with the same `Idempotency-Key`; the others need a changed request. */
const RETRYABLE = new Set(["RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"]);

export function codeMeaning(code: string, fromDocument: string | null): string {
  return fromDocument ?? CODE_MEANINGS[code] ?? "See the operation that answers it.";
}

function cell(value: string): string {
  return value.replaceAll("|", "\\|").replaceAll("\n", " ");
}

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

/** Returns the event, or throws. rawBody: the exact bytes received, before any JSON parsing. */
export function verifyGamecoinWebhook(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
  const parts = String(signatureHeader ?? "").split(",").map((part) => part.trim().split("="));
  const t = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value);
  if (!t || !/^\\d+$/.test(t) || signatures.length === 0) throw new Error("Malformed Service-Signature");
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) throw new Error("Stale Service-Signature");
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error("Bad Service-Signature");
  return JSON.parse(rawBody.toString("utf8"));
}`;

export function buildGuides(reference: Reference, statusFallback: Record<string, number>): Guide[] {
  const base = reference.serverUrl;
  const origin = base.replace(/\/api\/v1\/?$/, "");
  const errorRows = reference.errorCodes
    .map(({ code, status, description }) => {
      const shownStatus = status ?? (statusFallback[code] !== undefined ? String(statusFallback[code]) : "");
      return `| ${shownStatus} | \`${code}\` | ${cell(codeMeaning(code, description))} | ${RETRYABLE.has(code) ? "yes" : "no"} |`;
    })
    .sort((a, b) => a.localeCompare(b));
  const schemes = reference.securitySchemes.map((s) => `| \`${s.name}\` | \`${s.header}\` | ${cell(s.description ?? "")} |`);
  const events = reference.webhooks.length
    ? reference.webhooks.map((w) => `- [\`${w.name}\`](#webhook-${w.name.replaceAll(".", "-")}): ${w.summary}`).join("\n")
    : "- `order.fulfilled`, `wallet.credited`, `order.refunded`, `order.chargeback` and `webhook.test`.";

  const keyed =
    reference.operations
      .filter((o) => o.parameters.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key"))
      .map((o) => `[\`${o.id}\`](#${o.id})`)
      .join(", ") || "none";

  return [
    {
      id: "guide-authentication",
      title: "Authentication and keys",
      markdown: `Every call is made with one of three credentials. The key decides the game and the environment, so the same code runs against test and live by changing the key only.

| Scheme | Header | What it is |
| --- | --- | --- |
${schemes.join("\n")}

- **Secret key** (\`svc_sk_…\`): your game backend only, never shipped in a game client. It reaches every server route (\`/players/…\`, \`/orders/…\`, \`/catalog\`).
- **Publishable key** (\`svc_pk_test_…\`, \`svc_pk_live_…\`): safe in a game client; it reaches the \`/client/…\` routes only. A secret key sent to a client route is refused with \`403 FORBIDDEN\`.
- **Player token** (\`svc_pt_…\`, opaque): one player, one game, one environment, for one hour. Your backend gets one from \`createPlayerToken\`; a client gets one from \`createAnonymousPlayer\`, \`createClientPlayerToken\` or the e-mail sign-in. Issuing a new token does not revoke earlier ones.
- A client that gets \`401\` while holding a token gets a new token and resends **the same request with the same \`Idempotency-Key\`**; the SDK's browser client does this once for you.

Keys are created, rotated and revoked in the dashboard under **Keys & settings**. The document you are reading is also served as [openapi.json](${base}/openapi.json), without a key.

**Trying the curl examples.** They read shell variables: \`GAMECOIN_SECRET_KEY\` and \`GAMECOIN_PUBLISHABLE_KEY\` (your test keys; \`npm run dev\` prints the demo data's on its first start), \`PLAYER_TOKEN\` (the \`token\` of a createPlayerToken or createAnonymousPlayer answer) and \`ORDER_ID\` (the \`order.id\` of a checkout). Each write makes a fresh \`Idempotency-Key\` from \`/dev/urandom\`. The bodies name the demo data's currencies, items, packs and codes; a fresh anonymous player has no coins until your backend grants some.`,
    },
    {
      id: "guide-environments",
      title: "Test and live",
      markdown: `Each game has two environments, \`test\` and \`live\`, with their own keys, players, wallets, orders and webhook endpoints: nothing crosses from one to the other.

- **test**: payments go to the simulator by default (the hosted page shows Pay, Decline and Cancel; no money moves) or to Stripe in test mode. The \`/test-helpers/…\` routes move a test order to paid, declined, canceled, expired or charged back, so your backend's handling of each outcome can be tested without a browser.
- **live**: real payments through the provider connected in the dashboard. Until one is, checkouts of paid packs answer \`402 PAYMENT_FAILED\`. With a live key the test helpers answer \`404 NOT_FOUND\`, as if they did not exist.
- CORS differs too: with no allowed origins, \`test\` accepts any origin and \`live\` none (see [CORS and browser use](#guide-pagination)).`,
    },
    {
      id: "guide-errors",
      title: "Errors",
      markdown: `Every error has the same envelope, and a \`code\` that never changes meaning (the \`message\` is free text for people):

\`\`\`json
{ "error": { "code": "VALIDATION_FAILED", "message": "The request is not valid.", "details": { "fieldErrors": { "amount": ["Too small"] } } } }
\`\`\`

Validation errors carry \`details.fieldErrors\`, an object from field name to an array of reasons. No request answers \`500\` on bad input; a \`500\` is a bug on our side and changes nothing.

| Status | Code | Meaning | Retry as is |
| --- | --- | --- | --- |
${errorRows.join("\n")}

Each operation below lists the codes it can answer.`,
    },
    {
      id: "guide-idempotency",
      title: "Idempotency and safe retries",
      markdown: `These operations take an \`Idempotency-Key\` header: ${keyed}. It is 1 to 100 printable ASCII characters, unique per intended action; a UUID made when the player clicks is a good key.

- The same key with the same request returns the first answer again, with \`Idempotent-Replayed: true\`, and changes nothing. A replayed checkout returns its order in its current state.
- The same key with a different request answers \`409 IDEMPOTENCY_CONFLICT\`.
- A missing or empty key answers \`400 IDEMPOTENCY_KEY_REQUIRED\`; a malformed one \`400 VALIDATION_FAILED\`.
- Keys are kept 30 days.

**Retrying safely.** On a network error, a timeout, \`429\`, \`500\` or \`503\`, resend the same request with the same key, after \`Retry-After\` seconds when the answer has it, else with an exponential backoff (say 0.5 s, 1 s, 2 s…) and a bound on the attempts. Never make a new key for a retry: that is how a player gets charged twice. Other \`4xx\` answers will not change by retrying. The SDK's server client does exactly this. A write without a key is not resent blindly: read what it changes first (each operation's description says when it is safe).

Processing order: authentication, then rate limit, then the idempotency key, then body validation.`,
    },
    {
      id: "guide-pagination",
      title: "Pagination, rate limits, CORS and browser use",
      markdown: `**Pagination.** Lists take \`limit\` (1 to 100, default 20) and \`cursor\`. The answer carries \`nextCursor\`: pass it as \`cursor\` to get the next page; it is \`null\` on the last page.

\`\`\`bash
curl "${base}/players/ext%3Aplayer-42/ledger?limit=50&cursor=$NEXT_CURSOR" -H "Authorization: Bearer $GAMECOIN_SECRET_KEY"
\`\`\`

**Rate limits.** A refused request answers \`429 RATE_LIMITED\` with \`Retry-After\` in seconds.

| Limit | Value |
| --- | --- |
| Server API | 600 requests per minute per secret key |
| Client API | 120 per minute per player (with a token) or per IP (without) |
| Anonymous player creation | 30 per hour per IP |
| E-mail codes | 3 per hour per address; 10 per hour per player and per IP |
| Gift-code redemption | 10 attempts per 15 minutes per player; the client route also 30 per IP |
| Request body | 64 KiB |

**CORS and browser use.**Only the \`/client/…\` routes are for browsers; the server API sends no CORS headers and its secret key must never reach a browser. Each game lists its allowed origins per environment (Keys & settings). A request whose \`Origin\` is on the list is answered with that origin in \`Access-Control-Allow-Origin\`; another origin gets \`403 FORBIDDEN\` with \`fieldErrors.Origin = ["ORIGIN_NOT_ALLOWED"]\`. With an empty list, \`test\` accepts any origin and \`live\` none. Preflight \`OPTIONS\` answers \`204\` without a key and allows \`Authorization\`, \`Content-Type\`, \`X-Service-Key\` and \`Idempotency-Key\`; \`Idempotent-Replayed\` and \`Retry-After\` are readable by your code.`,
    },
    {
      id: "guide-player-references",
      title: "Player references",
      markdown: `Routes under \`/players/{player}\` take either form:

| Form | Example | Notes |
| --- | --- | --- |
| Service player id | \`65f1c2a9e4b0a1b2c3d4e5f6\` | 24 hexadecimal characters, as returned in \`Player.id\`. Unknown: \`404 NOT_FOUND\` everywhere. |
| Your own id | \`ext:player-42\` | 1 to 128 characters after \`ext:\`, no leading or trailing space, URL-encoded exactly once. |
| Your own id, prefix encoded | \`ext%3Aplayer-42\` | The same reference. This is how generated clients (RFC 6570) send \`ext:\`; \`%3a\` works too. |

- Your id is URL-encoded once: \`ext:guild/7 Ann\` is sent as \`ext:guild%2F7%20Ann\` (or \`ext%3Aguild%2F7%20Ann\`). A double-encoded value (\`ext%253A…\`, \`%252F\`) is refused with \`400 VALIDATION_FAILED\` and \`PLAYER_REF_INVALID\`, as is anything else that is neither form.
- A write (\`PUT\`, \`POST\`) on an unknown \`ext:\` player creates it, so your backend never needs a separate "create player" call; a \`GET\` on it answers \`404 NOT_FOUND\`.
- With the SDK, pass the plain string \`"ext:player-42"\`: it encodes it for you.`,
    },
    {
      id: "guide-webhooks",
      title: "Webhooks",
      markdown: `Gamecoin calls the addresses you declare in the dashboard (per environment) when an order changes. An event is a notification, not a request to credit: the wallet and inventory are already updated when it arrives.

${events}

**The request.** \`POST\` with a JSON body, the envelope \`{ id, type, createdAt, env, data }\`, and the headers \`Service-Signature: t=<unix seconds>,v1=<hex signature>\`, \`Service-Event-Id\` (the body's \`id\`) and \`Service-Event-Type\`.

**Verifying it.** \`v1\` is the lowercase hexadecimal HMAC-SHA256 of \`<t>.<raw body>\`, keyed by the endpoint's signing secret (\`whsec_svc_…\`, shown once when the endpoint is created). Read the raw body before any JSON parsing, refuse a \`t\` more than 5 minutes from your clock, and compare with each \`v1\` in constant time (the header may hold several while a secret is being replaced):

\`\`\`js
${VERIFY_SNIPPET}
\`\`\`

With Express, take the raw body with \`express.raw({ type: "application/json" })\`. With the SDK: \`await verifyWebhook(rawBody, req.headers["service-signature"], secret, { toleranceSeconds: 300 })\` resolves with the typed event or rejects.

**Delivery.** At least once: store each \`id\` you handled and answer \`2xx\` to a repeat. Answer \`2xx\` within 10 seconds (a redirect is a failure). Failures are retried 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours later; 50 failures in a row disable the endpoint. Order is not guaranteed: the order's \`status\` and dates give the current state.`,
    },
    {
      id: "guide-checkout",
      title: "Hosted checkout and the gamecoin:order message",
      markdown: `A pack is sold through Gamecoin's hosted payment page: \`createCheckout\` (your backend) or \`createClientCheckout\` (the game client) makes a pending order and answers \`201\` with \`checkoutUrl\` (a replay of the same \`Idempotency-Key\` answers \`200\`, with the order in its current state).

1. **Open the page inside the player's click.** Browsers allow \`window.open\` only synchronously within a user gesture, so open a blank window first, then point it at \`checkoutUrl\` once the checkout call answers:

\`\`\`js
button.addEventListener("click", async () => {
  const popup = window.open("about:blank", "gamecoin-checkout", "popup,width=480,height=720");
  const { order, checkoutUrl } = await createCheckout(); // your call to createClientCheckout
  popup.location.href = checkoutUrl;
  // …then wait for the message below
});
\`\`\`

2. **Wait for the message.** When the order settles, the page posts to the window that opened it:

\`\`\`json
{ "type": "gamecoin:order", "orderId": "<order id>", "status": "fulfilled" }
\`\`\`

\`status\` is \`fulfilled\`, \`failed\`, \`canceled\`, \`expired\`, \`refunded\`, \`chargeback\` or \`pending\`. Accept the message only when \`event.origin\` is the Gamecoin origin (\`${origin}\`) and \`event.data.type\` is \`"gamecoin:order"\`, and treat it as a hint: read the order (\`getClientOrder\` or \`getOrder\`) for the truth.

3. **Who receives it.** The page posts to the checkout's own origin: the origin of \`successUrl\` or \`cancelUrl\`, or of the browser that called \`createClientCheckout\`. A server-made checkout without those URLs posts, in \`live\`, to each allowed origin of the game (only the one that opened the page receives it) and, in \`test\`, to any origin.

4. **If the window closes without a message** (the player closed it), poll \`getClientOrder\` until the order leaves \`pending\`. \`GamecoinBrowser.buyPack\` does steps 1 to 4 and resolves with the final order.

Fulfilment is recorded server-side before the page says so; your backend learns of it from the \`order.fulfilled\` webhook.`,
    },
    {
      id: "guide-sdk",
      title: "The SDK",
      markdown: `\`@gamecoin/sdk\` is TypeScript, ES modules and a CommonJS build with types, with no dependency beyond \`fetch\` (Node 20 and current browsers).

**Game backend** (\`GamecoinServer\`): one typed method per server operation, named after its operation id, taking \`(player, body?, options?)\` when the route has a \`{player}\`, \`(orderId, body?, options?)\` for orders, else \`(body?, options?)\`. It makes an \`Idempotency-Key\` per call and keeps it across that call's retries (network errors, \`5xx\`, \`429\` with \`Retry-After\`, bounded backoff), and rejects with a \`GamecoinError\` (\`status\`, \`code\`, \`details\`, \`fieldErrors\`).

\`\`\`ts
import { GamecoinServer, GamecoinError } from "@gamecoin/sdk";

const gamecoin = new GamecoinServer({ secretKey: process.env.GAMECOIN_SECRET_KEY!, baseUrl: "${base}" });

try {
  await gamecoin.grantCurrency("ext:player-42", { currency: "gold", amount: 100, reason: "Daily reward" });
  const { token } = await gamecoin.createPlayerToken("ext:player-42");
} catch (error) {
  if (error instanceof GamecoinError && error.code === "INSUFFICIENT_FUNDS") {
    // error.details.required, error.details.available
  } else throw error;
}
\`\`\`

**Game client** (\`GamecoinBrowser\`): a publishable key and a \`getToken\` callback that returns a player token (from your backend, or from the anonymous and e-mail sign-in helpers). On \`401\` it asks for a new token once and resends with the same \`Idempotency-Key\`.

\`\`\`ts
import { GamecoinBrowser } from "@gamecoin/sdk/browser";

const gamecoin = new GamecoinBrowser({
  publishableKey: "svc_pk_test_…",
  baseUrl: "${base}",
  // Optional: without it the client creates and keeps an anonymous player (createAnonymousPlayer).
  getToken: () => fetch("/my-backend/gamecoin-token").then((r) => r.json()).then((b) => b.token),
});

buyButton.addEventListener("click", async () => {
  // Opens the payment window inside the click, waits for gamecoin:order (or polls), resolves with the final Order.
  const order = await gamecoin.buyPack("starter-pack");
  if (order.status === "fulfilled") refreshWallet();
});
\`\`\`

**Webhooks**: \`await verifyWebhook(rawBody, signatureHeader, secret, { toleranceSeconds: 300 })\` resolves with the typed event (Web Crypto, so it runs in Node and in edge runtimes), compares in constant time and refuses a stale \`t\` (see [Webhooks](#guide-webhooks)).`,
    },
  ];
}
