import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { decodeJwt, startStandIn, type StandInAnswer, type StandInRequest } from "./http-stand-in";

/**
 * A local App Store Server API (APP_STORE_API_BASE points here). Every call must carry the bearer token
 * Apple documents: an ES256 JWT with the key id in `kid`, issuer `iss`, audience `appstoreconnect-v1`,
 * the app's bundle id `bid`, not expired and at most an hour long, signed with the API key whose public
 * half was registered here. Answers as Apple does:
 *   GET /inApps/v1/transactions/{id}                → { signedTransactionInfo } | 404 { errorCode: 4040010 }
 *   PUT /inApps/v2/transactions/consumption/{id}    → 202, the body kept in `consumption`
 */
export type AppStoreServer = {
  url: string;
  /** Registers an API key: calls signed with it for this bundle id are accepted. */
  addKey: (key: { issuerId: string; keyId: string; bundleId: string; publicKey: KeyObject | string }) => void;
  /** What GET transactions/{id} answers (the signed transaction as Apple has it now). */
  setTransaction: (transactionId: string, signedTransactionInfo: string) => void;
  consumption: { transactionId: string; body: Record<string, unknown> }[];
  requests: { method: string; path: string; authorized: boolean }[];
  /** Answers every call with this status until cleared (Apple down). */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
};

export async function startAppStoreServer(): Promise<AppStoreServer> {
  const keys = new Map<string, { issuerId: string; bundleId: string; publicKey: KeyObject }>();
  const transactions = new Map<string, string>();
  const consumption: AppStoreServer["consumption"] = [];
  const requests: AppStoreServer["requests"] = [];
  let failure: number | null = null;

  function authorized(request: StandInRequest): boolean {
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Bearer ")) return false;
    const jwt = decodeJwt(header.slice("Bearer ".length));
    if (!jwt || jwt.header.alg !== "ES256" || typeof jwt.header.kid !== "string") return false;
    const key = keys.get(jwt.header.kid);
    if (!key) return false;
    if (!verify("sha256", Buffer.from(jwt.signingInput), { key: key.publicKey, dsaEncoding: "ieee-p1363" }, jwt.signature)) return false;
    const { iss, aud, bid, iat, exp } = jwt.payload;
    const now = Math.floor(Date.now() / 1000);
    if (iss !== key.issuerId || aud !== "appstoreconnect-v1" || bid !== key.bundleId) return false;
    if (typeof exp !== "number" || exp < now || (typeof iat === "number" && exp - iat > 3600)) return false;
    return true;
  }

  function handle(request: StandInRequest): StandInAnswer {
    const ok = authorized(request);
    requests.push({ method: request.method, path: request.path, authorized: ok });
    if (failure !== null) return { status: failure, body: { errorCode: 5000000, errorMessage: "An unknown error occurred." } };
    if (!ok) return { status: 401 };
    const transaction = /^\/inApps\/v1\/transactions\/([^/]+)$/.exec(request.path);
    if (transaction && request.method === "GET") {
      const signed = transactions.get(decodeURIComponent(transaction[1] ?? ""));
      if (!signed) return { status: 404, body: { errorCode: 4040010, errorMessage: "Transaction id not found." } };
      return { status: 200, body: { signedTransactionInfo: signed } };
    }
    const consume = /^\/inApps\/v2\/transactions\/consumption\/([^/]+)$/.exec(request.path);
    if (consume && request.method === "PUT") {
      consumption.push({ transactionId: decodeURIComponent(consume[1] ?? ""), body: JSON.parse(request.body) as Record<string, unknown> });
      return { status: 202 };
    }
    return { status: 404, body: { errorCode: 4040000, errorMessage: "Not found." } };
  }

  const server = await startStandIn(handle);
  return {
    url: server.url,
    addKey: ({ issuerId, keyId, bundleId, publicKey }) => keys.set(keyId, { issuerId, bundleId, publicKey: typeof publicKey === "string" ? createPublicKey(publicKey) : publicKey }),
    setTransaction: (transactionId, signed) => transactions.set(transactionId, signed),
    consumption,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: server.close,
  };
}
