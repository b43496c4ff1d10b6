import { GamecoinError } from "./errors.js";
import type { OperationId } from "./generated/routes.js";
import { Session, type CredentialStorage, type PlayerCredentials } from "./session.js";
import { DEFAULT_RETRY, normalizeBaseUrl, send, type RetryPolicy, type TransportConfig } from "./transport.js";
import type { AnonymousPlayer, EmailVerification, Params, RequestBody, RequestOptions, SuccessBody } from "./types.js";
import { awaitOrderOutcome, openPaymentWindow, type BuyPackOptions } from "./buy-pack.js";
import type { Order } from "./types.js";

export type TokenSource = (context: { forceRefresh: boolean }) => Promise<string> | string;

export type GamecoinBrowserOptions = {
  /** Publishable key `svc_pk_test_…` or `svc_pk_live_…`. */
  publishableKey: string;
  /** The API base, ending in `/api/v1`. */
  baseUrl: string;
  /**
   * Where player tokens come from when your backend issues them (createPlayerToken): called before
   * token calls, and with `forceRefresh: true` once after a 401. Leave it out to let the client keep
   * an anonymous or e-mail-signed-in player's own session (see createAnonymousPlayer).
   */
  getToken?: TokenSource;
  /** Keeps `playerId` and `playerSecret` across visits, e.g. `window.localStorage`; memory only when absent. */
  storage?: CredentialStorage;
  /** Key under which `storage` keeps the credentials (default `gamecoin:<publishableKey>:player`). */
  storageKey?: string;
  maxRetries?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
};

type ClientOp = OperationId & keyof import("./generated/api.js").operations;
/** One call of a client operation: with the player's token or only the publishable key, and what it sends. */
type ClientCall<K extends ClientOp> = { withToken: boolean; body?: Params<K>; options?: RequestOptions; pathParams?: Record<string, string> };

/**
 * The client API for browser and game clients: publishable key plus a player token. On a 401 it gets
 * a new token once and resends the same request with the same Idempotency-Key.
 */
export class GamecoinBrowser {
  readonly #baseUrl: string;
  readonly #publishableKey: string;
  readonly #getToken: TokenSource | undefined;
  readonly #session: Session;
  readonly #retry: RetryPolicy;
  readonly #fetch: typeof fetch;

  constructor(options: GamecoinBrowserOptions) {
    if (!options.publishableKey) throw new TypeError("publishableKey is required");
    this.#baseUrl = normalizeBaseUrl(options.baseUrl);
    this.#publishableKey = options.publishableKey;
    this.#getToken = options.getToken;
    this.#session = new Session(options.storage, options.storageKey ?? `gamecoin:${options.publishableKey}:player`);
    this.#retry = { ...DEFAULT_RETRY, ...options.retry, ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}) };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The stored anonymous player's credentials, or null. */
  get credentials(): PlayerCredentials | null {
    return this.#session.credentials;
  }

  #transport(withToken: boolean): TransportConfig {
    const key = { "x-service-key": this.#publishableKey };
    return {
      baseUrl: this.#baseUrl,
      retry: this.#retry,
      fetch: this.#fetch,
      authHeaders: withToken ? async ({ refreshed }) => ({ ...key, authorization: `Bearer ${await this.#token(refreshed)}` }) : () => key,
      refreshOn401: withToken,
    };
  }

  async #token(forceRefresh: boolean): Promise<string> {
    if (this.#getToken) return this.#getToken({ forceRefresh });
    if (!forceRefresh) {
      const fresh = this.#session.freshToken();
      if (fresh) return fresh;
    }
    const credentials = this.#session.credentials;
    if (!credentials) {
      throw new GamecoinError({ status: 401, code: "UNAUTHENTICATED", message: "no player: call createAnonymousPlayer or sign in by e-mail first" });
    }
    const issued = await send<SuccessBody<"createClientPlayerToken">>(this.#transport(false), { operation: "createClientPlayerToken", body: credentials });
    this.#session.saveToken(issued.token, issued.expiresAt);
    return issued.token;
  }

  #call<K extends ClientOp>(operation: K, { withToken, body, options, pathParams }: ClientCall<K>) {
    const isQuery = operation === "getMe" || operation === "getClientCatalog" || operation === "getClientOrder";
    return send<SuccessBody<K>>(this.#transport(withToken), { operation, pathParams, ...(isQuery ? {} : { body }), options });
  }

  #keepVerification(result: EmailVerification): EmailVerification {
    this.#session.saveToken(result.token, result.expiresAt);
    if (result.playerSecret) this.#session.saveCredentials({ playerId: result.player.id, playerSecret: result.playerSecret });
    return result;
  }

  /**
   * A new anonymous player: its credentials are kept (in `storage` when given) and its first token used
   * for the next calls. The answer still carries `playerSecret`, shown only this once by the API.
   */
  async createAnonymousPlayer(body?: RequestBody<"createAnonymousPlayer">, options?: RequestOptions): Promise<AnonymousPlayer> {
    const created = await this.#call("createAnonymousPlayer", { withToken: false, body, options });
    this.#session.saveCredentials({ playerId: created.player.id, playerSecret: created.playerSecret });
    this.#session.saveToken(created.token, created.expiresAt);
    return created;
  }

  /** The stored player when there is one, else a new anonymous player: what a game calls at start. */
  async ensurePlayer(body?: RequestBody<"createAnonymousPlayer">): Promise<SuccessBody<"getMe">> {
    if (!this.#getToken && !this.#session.credentials) await this.createAnonymousPlayer(body);
    return this.getMe();
  }

  /** Forgets the stored player and its token. */
  signOut(): void {
    this.#session.clear();
  }

  getCatalog(options?: RequestOptions): Promise<SuccessBody<"getClientCatalog">> {
    return this.#call("getClientCatalog", { withToken: false, options });
  }

  getMe(options?: RequestOptions): Promise<SuccessBody<"getMe">> {
    return this.#call("getMe", { withToken: true, options });
  }

  spend(body: RequestBody<"spendClient">, options?: RequestOptions): Promise<SuccessBody<"spendClient">> {
    return this.#call("spendClient", { withToken: true, body, options });
  }

  purchase(body: RequestBody<"createClientPurchase">, options?: RequestOptions): Promise<SuccessBody<"createClientPurchase">> {
    return this.#call("createClientPurchase", { withToken: true, body, options });
  }

  consume(body: RequestBody<"consumeClientItem">, options?: RequestOptions): Promise<SuccessBody<"consumeClientItem">> {
    return this.#call("consumeClientItem", { withToken: true, body, options });
  }

  redeemCode(body: RequestBody<"redeemClientCode">, options?: RequestOptions): Promise<SuccessBody<"redeemClientCode">> {
    return this.#call("redeemClientCode", { withToken: true, body, options });
  }

  createCheckout(body: RequestBody<"createClientCheckout">, options?: RequestOptions): Promise<SuccessBody<"createClientCheckout">> {
    return this.#call("createClientCheckout", { withToken: true, body, options });
  }

  /**
   * Records the player's App Store or Google Play purchase, verified with the store, after the store's
   * own purchase flow: `{ store: "app_store", signedTransaction }` (StoreKit 2's `jwsRepresentation`) or
   * `{ store: "google_play", productId, purchaseToken }`. Resolves with the order; sent again for the
   * same transaction, with any key, it resolves with the same order. Finish the store transaction after.
   */
  recordStorePurchase(body: RequestBody<"recordClientStorePurchase">, options?: RequestOptions): Promise<Order> {
    return this.#call("recordClientStorePurchase", { withToken: true, body, options });
  }

  getOrder(orderId: string, options?: RequestOptions): Promise<Order> {
    return this.#call("getClientOrder", { withToken: true, options, pathParams: { orderId } });
  }

  /** Mails a code to link an address to this anonymous player (the answer is neutral). */
  requestMeEmailCode(body: RequestBody<"requestMeEmailCode">, options?: RequestOptions): Promise<SuccessBody<"requestMeEmailCode">> {
    return this.#call("requestMeEmailCode", { withToken: true, body, options });
  }

  /** Links the address; when another player holds it the session switches to that player (`merged`). */
  async verifyMeEmailCode(body: RequestBody<"verifyMeEmailCode">, options?: RequestOptions): Promise<EmailVerification> {
    return this.#keepVerification(await this.#call("verifyMeEmailCode", { withToken: true, body, options }));
  }

  /** Mails a sign-in code for a new device (the answer is neutral). */
  requestSignInEmailCode(body: RequestBody<"requestSignInEmailCode">, options?: RequestOptions): Promise<SuccessBody<"requestSignInEmailCode">> {
    return this.#call("requestSignInEmailCode", { withToken: false, body, options });
  }

  /** Signs in with the code: the linked player's token and new secret are kept for the next calls. */
  async verifySignInEmailCode(body: RequestBody<"verifySignInEmailCode">, options?: RequestOptions): Promise<EmailVerification> {
    return this.#keepVerification(await this.#call("verifySignInEmailCode", { withToken: false, body, options }));
  }

  /**
   * Sells a pack. Call it straight from the player's click (no await before it): the payment window is
   * opened at once, so popup blockers allow it, then sent to the hosted payment page once the checkout
   * exists. Resolves with the order when the payment page reports the outcome (`gamecoin:order`), or,
   * when the window closes without it, as getOrder then reads it (`pending` if the player left early).
   */
  buyPack(packSku: string, options: BuyPackOptions = {}): Promise<Order> {
    const popup = openPaymentWindow(options);
    if (!popup) {
      return Promise.reject(new GamecoinError({ status: 0, code: "POPUP_BLOCKED", message: "the payment window could not be opened; call buyPack from a click handler" }));
    }
    return (async () => {
      let checkout: SuccessBody<"createClientCheckout">;
      try {
        const { successUrl, cancelUrl, locale, creatorCode } = options;
        checkout = await this.createCheckout({ packSku, successUrl, cancelUrl, locale, creatorCode } as RequestBody<"createClientCheckout">, {
          idempotencyKey: options.idempotencyKey,
        });
      } catch (error) {
        popup.close();
        throw error;
      }
      popup.location.href = checkout.checkoutUrl;
      return awaitOrderOutcome(popup, { checkout, getOrder: (orderId) => this.getOrder(orderId) }, options);
    })();
  }
}
