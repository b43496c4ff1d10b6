import { createPublicKey, randomBytes, verify, type KeyObject } from "node:crypto";
import { decodeJwt, startStandIn, type StandInAnswer, type StandInRequest } from "./http-stand-in";

const GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/androidpublisher";

export type PlayPurchase = {
  orderId: string;
  productId: string;
  purchaseState: 0 | 1 | 2;
  consumptionState: 0 | 1;
  acknowledgementState: 0 | 1;
  /** 0: a license tester's purchase; absent: a paid one. */
  purchaseType?: number;
  regionCode?: string;
  purchaseTimeMillis: string;
};

export type VoidedEntry = { purchaseToken: string; orderId: string; voidedTimeMillis: string; purchaseTimeMillis: string; voidedSource: number; voidedReason: number };

/**
 * Google's OAuth token endpoint and the Play Developer API, on one local server
 * (GOOGLE_OAUTH_TOKEN_URL = <url>/token, GOOGLE_PLAY_API_BASE = <url>/).
 *   POST /token: grant_type jwt-bearer; the assertion must be RS256, signed by a registered service
 *     account (`iss` its client_email), audience Google's token URL, the androidpublisher scope, not
 *     expired → { access_token, expires_in, token_type }.
 *   Developer API, bearer access token required, only for the package the account was registered for:
 *     GET  …/applications/{pkg}/purchases/products/{productId}/tokens/{token}
 *     POST …/tokens/{token}:acknowledge | :consume
 *     GET  …/applications/{pkg}/purchases/voidedpurchases?startTime&endTime&type&token
 */
export type GooglePlayServer = {
  url: string;
  tokenUrl: string;
  addServiceAccount: (account: { clientEmail: string; publicKey: KeyObject | string; packageName: string }) => void;
  setPurchase: (packageName: string, purchaseToken: string, purchase: PlayPurchase) => void;
  purchase: (packageName: string, purchaseToken: string) => PlayPurchase | undefined;
  /** Google voids a purchase (refund): it appears in voidedpurchases.list. */
  voidPurchase: (packageName: string, purchaseToken: string) => VoidedEntry;
  requests: { method: string; path: string; status: number }[];
  close: () => Promise<void>;
};

export async function startGooglePlayServer(): Promise<GooglePlayServer> {
  const accounts = new Map<string, { publicKey: KeyObject; packageName: string }>();
  const accessTokens = new Map<string, string>();
  const purchases = new Map<string, PlayPurchase>();
  const voided = new Map<string, VoidedEntry[]>();
  const requests: GooglePlayServer["requests"] = [];
  const key = (pkg: string, token: string) => `${pkg}\n${token}`;

  function issueToken(request: StandInRequest): StandInAnswer {
    const form = new URLSearchParams(request.body);
    const refuse = (description: string): StandInAnswer => ({ status: 400, body: { error: "invalid_grant", error_description: description } });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return { status: 400, body: { error: "unsupported_grant_type" } };
    const jwt = decodeJwt(form.get("assertion") ?? "");
    if (!jwt || jwt.header.alg !== "RS256") return refuse("Invalid JWT.");
    const account = accounts.get(String(jwt.payload.iss));
    if (!account) return refuse("Invalid JWT Signature.");
    if (!verify("sha256", Buffer.from(jwt.signingInput), account.publicKey, jwt.signature)) return refuse("Invalid JWT Signature.");
    const now = Math.floor(Date.now() / 1000);
    const { aud, scope, exp, iat } = jwt.payload;
    if (aud !== GOOGLE_TOKEN_AUDIENCE) return refuse("Invalid JWT audience.");
    if (typeof scope !== "string" || !scope.split(" ").includes(SCOPE)) return refuse("Invalid scope.");
    if (typeof exp !== "number" || typeof iat !== "number" || exp < now || exp - iat > 3600) return refuse("Invalid JWT: Token must be a short-lived token.");
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    accessTokens.set(accessToken, String(jwt.payload.iss));
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: "Bearer" } };
  }

  function api(request: StandInRequest): StandInAnswer {
    const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    const email = accessTokens.get(bearer);
    if (!email) return { status: 401, body: { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } } };
    const account = accounts.get(email);
    const notFound: StandInAnswer = { status: 404, body: { error: { code: 404, message: "The purchase token was not found.", status: "NOT_FOUND" } } };
    const product = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(:acknowledge|:consume)?$/.exec(request.path);
    if (product) {
      const [, pkgRaw, productRaw, tokenRaw, action] = product;
      const pkg = decodeURIComponent(pkgRaw ?? "");
      if (account?.packageName !== pkg) return { status: 401, body: { error: { code: 401, message: "The current user has insufficient permissions.", status: "PERMISSION_DENIED" } } };
      const purchase = purchases.get(key(pkg, decodeURIComponent(tokenRaw ?? "")));
      if (!purchase || purchase.productId !== decodeURIComponent(productRaw ?? "")) return notFound;
      if (action === undefined && request.method === "GET") return { status: 200, body: { kind: "androidpublisher#productPurchase", ...purchase } };
      if (request.method !== "POST") return notFound;
      if (purchase.purchaseState !== 0) return { status: 400, body: { error: { code: 400, message: "The purchase is not in a valid state.", status: "FAILED_PRECONDITION" } } };
      if (action === ":consume") {
        if (purchase.consumptionState === 1) return { status: 400, body: { error: { code: 400, message: "The purchase is already consumed.", status: "FAILED_PRECONDITION" } } };
        purchase.consumptionState = 1;
      }
      purchase.acknowledgementState = 1;
      return { status: 204 };
    }
    const list = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/voidedpurchases$/.exec(request.path);
    if (list && request.method === "GET") {
      const pkg = decodeURIComponent(list[1] ?? "");
      if (account?.packageName !== pkg) return { status: 401, body: { error: { code: 401, message: "The current user has insufficient permissions." } } };
      const start = Number(request.query.get("startTime") ?? "0");
      const end = Number(request.query.get("endTime") ?? String(Date.now()));
      const entries = (voided.get(pkg) ?? []).filter((v) => Number(v.voidedTimeMillis) >= start && Number(v.voidedTimeMillis) <= end);
      // One per page, so pagination is exercised.
      const offset = Number(request.query.get("token") ?? "0");
      const page = entries.slice(offset, offset + 1);
      const next = offset + 1 < entries.length ? { tokenPagination: { nextPageToken: String(offset + 1) } } : {};
      return { status: 200, body: { voidedPurchases: page.map((v) => ({ kind: "androidpublisher#voidedPurchase", ...v })), ...next } };
    }
    return notFound;
  }

  const server = await startStandIn((request) => {
    const answer = request.path === "/token" && request.method === "POST" ? issueToken(request) : api(request);
    requests.push({ method: request.method, path: request.path, status: answer.status });
    return answer;
  });
  return {
    url: `${server.url}/`,
    tokenUrl: `${server.url}/token`,
    addServiceAccount: ({ clientEmail, publicKey, packageName }) =>
      accounts.set(clientEmail, { publicKey: typeof publicKey === "string" ? createPublicKey(publicKey) : publicKey, packageName }),
    setPurchase: (pkg, token, purchase) => purchases.set(key(pkg, token), purchase),
    purchase: (pkg, token) => purchases.get(key(pkg, token)),
    voidPurchase: (pkg, token) => {
      const purchase = purchases.get(key(pkg, token));
      if (!purchase) throw new Error("no such purchase");
      purchase.purchaseState = 1;
      const entry: VoidedEntry = { purchaseToken: token, orderId: purchase.orderId, voidedTimeMillis: String(Date.now()), purchaseTimeMillis: purchase.purchaseTimeMillis, voidedSource: 1, voidedReason: 1 };
      voided.set(pkg, [...(voided.get(pkg) ?? []), entry]);
      return entry;
    },
    requests,
    close: server.close,
  };
}
