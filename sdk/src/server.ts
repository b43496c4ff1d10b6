import { DEFAULT_RETRY, normalizeBaseUrl, send, type RetryPolicy, type TransportConfig } from "./transport.js";
import type { OperationId } from "./generated/routes.js";
import type { Params, RequestOptions, SuccessBody } from "./types.js";

export type GamecoinServerOptions = {
  /** Secret key `svc_sk_test_…` or `svc_sk_live_…`: for game backends only, never shipped to a client. */
  secretKey: string;
  /** The API base, ending in `/api/v1`, e.g. `https://gamecoin.example.com/api/v1`. */
  baseUrl: string;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  retry?: Partial<RetryPolicy>;
  /** Another fetch (a proxy agent, a test double); the global fetch by default. */
  fetch?: typeof fetch;
};

type PlayerMethod<K extends OperationId & keyof import("./generated/api.js").operations> = (
  player: string,
  params?: Params<K>,
  options?: RequestOptions,
) => Promise<SuccessBody<K>>;

/**
 * The server API for game backends: one method per operation, named as in the API reference. `player`
 * is a service id or `ext:<your id>` with the id as plain text (the SDK encodes it). Each call resolves
 * with the success body or rejects with GamecoinError.
 */
export class GamecoinServer {
  readonly #transport: TransportConfig;

  constructor(options: GamecoinServerOptions) {
    if (!options.secretKey) throw new TypeError("secretKey is required");
    const authorization = `Bearer ${options.secretKey}`;
    this.#transport = {
      baseUrl: normalizeBaseUrl(options.baseUrl),
      retry: { ...DEFAULT_RETRY, ...options.retry, ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}) },
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      authHeaders: () => ({ authorization }),
      refreshOn401: false,
    };
  }

  #player<K extends OperationId & keyof import("./generated/api.js").operations>(operation: K, query = false): PlayerMethod<K> {
    return (player, params, options) =>
      send<SuccessBody<K>>(this.#transport, {
        operation,
        pathParams: { player },
        ...(query ? { query: params as Record<string, unknown> | undefined } : { body: params }),
        options,
      });
  }

  #order<K extends OperationId & keyof import("./generated/api.js").operations>(operation: K): PlayerMethod<K> {
    return (orderId, params, options) => send<SuccessBody<K>>(this.#transport, { operation, pathParams: { orderId }, body: params, options });
  }

  /** The active catalog. */
  getCatalog(_params?: undefined, options?: RequestOptions): Promise<SuccessBody<"getCatalog">> {
    return send(this.#transport, { operation: "getCatalog", options });
  }

  /** Creates an unknown `ext:` player or updates the fields passed. */
  readonly upsertPlayer = this.#player("upsertPlayer");
  readonly getPlayer = this.#player("getPlayer", true);
  /** A new one-hour player token for the client API. */
  readonly createPlayerToken = this.#player("createPlayerToken");
  /** Extension beyond SPEC v1: everything stored about the player, as one JSON document (GDPR). */
  readonly exportPlayer = this.#player("exportPlayer", true);
  /** Extension beyond SPEC v1: erases the player's personal data for good; repeating it changes nothing. */
  readonly erasePlayer = this.#player("erasePlayer");
  readonly getWallet = this.#player("getWallet", true);
  readonly grantCurrency = this.#player("grantCurrency");
  readonly spendCurrency = this.#player("spendCurrency");
  /** Newest first; `{ limit, cursor, currency }`. */
  readonly listLedger = this.#player("listLedger", true);
  readonly listInventory = this.#player("listInventory", true);
  readonly grantItem = this.#player("grantItem");
  readonly consumeItem = this.#player("consumeItem");
  readonly createPurchase = this.#player("createPurchase");
  /** A pending order and its hosted payment page (`checkoutUrl`). */
  readonly createCheckout = this.#player("createCheckout");
  readonly redeemCode = this.#player("redeemCode");
  /** A single-use link (10 minutes) that signs the player into the game's web shop; `{ locale }` optional. */
  readonly createShopLink = this.#player("createShopLink");
  /**
   * Records an App Store or Google Play purchase, verified with the store: `{ store: "app_store",
   * signedTransaction }` or `{ store: "google_play", productId, purchaseToken }`. Resolves with the
   * order (new, or the one this player already recorded for the transaction, with any key).
   */
  readonly recordStorePurchase = this.#player("recordStorePurchase");
  readonly getOrder = this.#order("getOrder");
  /** Not retried after a network error or a 5xx (it has no Idempotency-Key): read the order with getOrder first. */
  readonly refundOrder = this.#order("refundOrder");
}
