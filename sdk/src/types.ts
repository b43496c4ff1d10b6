import type { components, operations } from "./generated/api.js";

export type Schemas = components["schemas"];
export type Player = Schemas["Player"];
export type Wallet = Schemas["Wallet"];
export type Balance = Schemas["Balance"];
export type LedgerEntry = Schemas["LedgerEntry"];
export type Movement = Schemas["Movement"];
export type Purchase = Schemas["Purchase"];
export type InventoryItem = Schemas["InventoryItem"];
export type Catalog = Schemas["Catalog"];
export type Order = Schemas["Order"];
export type Checkout = Schemas["Checkout"];
export type Redemption = Schemas["Redemption"];
export type PlayerToken = Schemas["PlayerToken"];
export type AnonymousPlayer = Schemas["AnonymousPlayer"];
export type EmailCodeSent = Schemas["EmailCodeSent"];
export type EmailVerification = Schemas["EmailVerification"];
export type Me = Schemas["Me"];
/** The body of recordStorePurchase: what the store gave the game after a purchase. */
export type StorePurchase = RequestBody<"recordStorePurchase">;

type JsonContent<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Responses<K extends keyof operations> = operations[K]["responses"];

/** The JSON body an operation takes (never when it takes none). */
export type RequestBody<K extends keyof operations> = JsonContent<NonNullable<operations[K]["requestBody"]>>;
/** Its success body (the 200 or 201 answer). */
export type SuccessBody<K extends keyof operations> = JsonContent<Responses<K>[Extract<keyof Responses<K>, 200 | 201>]>;
/** Its query parameters (never when it takes none). */
export type QueryParams<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;
/** The second argument of a method: the body of a write, the query of a read, nothing otherwise. */
export type Params<K extends keyof operations> = [RequestBody<K>] extends [never] ? ([QueryParams<K>] extends [never] ? undefined : QueryParams<K>) : RequestBody<K>;

/** Per call. */
export type RequestOptions = {
  /** The Idempotency-Key of this call (routes that take one); by default a new random one per call, kept across its retries. */
  idempotencyKey?: string;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  signal?: AbortSignal;
  /** Extra headers, e.g. Accept-Language. */
  headers?: Record<string, string>;
};
