/**
 * Generated from the app's OpenAPI document by sdk/scripts/generate-api-types.ts. Do not edit by hand:
 * tests/sdk/generated-types.test.ts fails when this file and the document drift apart.
 */

export type paths = {
    "/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active catalog: currencies, items and packs (drafts and archived entries left out).
         * @description Currencies, items and packs that are active now, with each pack's sale window, stock left and per-player limit. `prelaunch` and `launchAt` tell whether the game is selling yet.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        get: operations["getCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A player by service id or ext: id.
         * @description The player named by service id or `ext:` id, with `kind`, `blocked` and `createdAt`.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        get: operations["getPlayer"];
        /**
         * Create an ext: player or update its fields; a field left out keeps its value.
         * @description Every field is optional and a field left out keeps its value; `null` clears it. `displayName` is 1 to 80 characters once trimmed; `email` and `birthYear` are stored but never returned; `country` is two letters, upper-cased, and becomes the default country of the player's checkouts. A service id that does not exist is `404`; a bad field is `400 VALIDATION_FAILED` with `details.fieldErrors`.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         */
        put: operations["upsertPlayer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new one-hour player token for the client API; earlier tokens stay valid.
         * @description Issues a player token valid one hour, for your game client to call the client API as this player. Earlier tokens stay valid. A blocked player is `403 PLAYER_BLOCKED`.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         */
        post: operations["createPlayerToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One balance per active currency, zeros included.
         * @description One balance per active currency, zeros included, each split into `paid` (bought with money) and `bonus` (granted for free).
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/wallet/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Credit free coins to `bonus` (a debt on `paid` is repaid first).
         * @description Writes a `grant` ledger entry and credits `bonus`; a debt on `paid` (left by a refund) is repaid first. `404 NOT_FOUND` when the currency is not in the catalog or archived; `409 LIMIT_REACHED` when the balance would pass 1,000,000,000,000,000. `metadata` holds at most 20 string entries (more is `METADATA_TOO_LARGE`).
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["grantCurrency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/wallet/spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Spend coins, bonus first unless the game spends paid first; all or nothing.
         * @description Writes a `spend` entry with negative deltas, bonus coins first unless the game spends paid first. All or nothing: `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available` spends nothing and is not stored, so the same key can be retried once the player has the coins. An unknown `ext:` player is created and then has nothing to spend.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["spendCurrency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ledger entries, newest first; filter with `currency`, page with `limit` and `cursor`.
         * @description Every movement of the player's coins, newest first. `limit` sets the page size; pass `nextCursor` as `cursor` for the next page (null on the last one); `currency` keeps one currency.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        get: operations["listLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Owned items (quantity above 0).
         * @description The items the player owns, quantity above 0.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        get: operations["listInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/inventory/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add items; refused whole when `maxOwned` would be passed.
         * @description Adds to the owned quantity. All or nothing: `409 LIMIT_REACHED` with `details.maxOwned` and `details.owned` when the grant would pass the item's `maxOwned`. `404` when the item is not in the catalog.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["grantItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/inventory/consume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Use up consumable items; durable items answer 409 CONFLICT.
         * @description Only `consumable` items; a `durable` one is `409 CONFLICT`. Owning fewer than `quantity` (none included) is `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available`, and nothing is consumed. `404` when the item is not in the catalog.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["consumeItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy an item with coins: price × quantity debited and the item added, atomically.
         * @description Debits price × quantity in the item's currency and adds the item in one step, with a `spend` entry whose `ref.itemSku` names the item. `409 INSUFFICIENT_FUNDS` when the wallet is short, `LIMIT_REACHED` past `maxOwned`, `CONFLICT` when the item has no price; `404` for an unknown item.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["createPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/checkouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start buying a pack for euros: a pending order and the URL of the hosted payment page.
         * @description Sells only to the 27 EU countries: `country` if given, else the player's country when it is in the EU, else BE. A replay answers 200 with the order in its current state.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["createCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/codes/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a gift code for a player: free (bonus) coins and items.
         * @description Every refusal is the same 400 VALIDATION_FAILED with fieldErrors.code = [CODE_INVALID]. 10 attempts per 15 minutes per player.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["redeemCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order of this environment.
         * @description Any order of the key's environment, with its status and dates: `pending`, then `paid` and `fulfilled`; or `failed`, `canceled`, `expired`; later `refunded` or `chargeback`.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a fulfilled order; its coins and items are taken back (a debt when they were spent).
         * @description Not idempotent by key: after a network error or a 5xx, read the order before retrying. The payment provider refunds first: 402 PAYMENT_FAILED when it refuses (the order is unchanged) or does not answer (details.retryable is true: the order is unchanged, and retrying is safe because every attempt for one order asks the provider with the same idempotency key).
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/orders/{orderId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test only: the buyer (optionally) picks a country, the payment succeeds and the order is fulfilled.
         * @description Test keys only (a live key gets `404`). Simulates the buyer paying the pending order: it becomes `paid` then `fulfilled`, its coins and items are credited and `order.fulfilled` (and `wallet.credited`) are sent. `country` is the one the buyer picks on the payment page. `409 CONFLICT` when the order is not pending.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["testPayOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/orders/{orderId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test only: the payment fails; the order becomes failed.
         * @description Test keys only (a live key gets `404`). Simulates a refused payment: the pending order becomes `failed`. `409 CONFLICT` when the order is not pending.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["testDeclineOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/orders/{orderId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test only: the buyer cancels; the order becomes canceled.
         * @description Test keys only (a live key gets `404`). Simulates the buyer leaving the payment page: the pending order becomes `canceled`. `409 CONFLICT` when the order is not pending.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["testCancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/orders/{orderId}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test only: the pending order expires now.
         * @description Test keys only (a live key gets `404`). The pending order expires now. `409 CONFLICT` when the order is not pending.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["testExpireOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/orders/{orderId}/chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test only: the payer disputes a paid order; coins and items are taken back.
         * @description Test keys only (a live key gets `404`). Simulates a dispute on a paid order: coins and items are taken back (a debt when they were spent) and `order.chargeback` is sent. `409 CONFLICT` when the order's state does not allow a dispute.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         */
        post: operations["testChargebackOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active catalog, for shops in the browser or game client.
         * @description The same catalog as getCatalog, for a shop in the browser or the game client.
         *
         *     Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.
         */
        get: operations["getClientCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/players": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an anonymous (hosted) player: its secret, shown only now, and a first token.
         * @description Every call creates a new `hosted` player (`externalId` null) and returns its `playerSecret`, shown only now: keep it on the device to get new tokens with createClientPlayerToken. `displayName` is 1 to 80 characters once trimmed. `403 FORBIDDEN` when the game disables anonymous players or a secret key was sent.
         *
         *     Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.
         */
        post: operations["createAnonymousPlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/players/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new token for an anonymous player, from its id and secret.
         * @description For anonymous players only: `playerId` (1 to 64 characters) and the `playerSecret` from createAnonymousPlayer or an e-mail verification. A wrong secret, an unknown player and a non-anonymous player all answer the same `401 UNAUTHENTICATED`.
         *
         *     Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.
         */
        post: operations["createClientPlayerToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The token's player, wallet and owned items in one call.
         * @description The token's player, wallet and owned items in one call, for a game client's start screen.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/wallet/spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Spend coins (no metadata from clients).
         * @description Same rules as spendCurrency, without `metadata`: all or nothing, `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available`.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["spendClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a client-purchasable item with coins.
         * @description Only items with `clientPurchasable` true, else `403 FORBIDDEN`. Debits price × quantity and adds the item in one step; `409 INSUFFICIENT_FUNDS`, `LIMIT_REACHED` (past `maxOwned`) or `CONFLICT` (no price); `404` for an unknown item.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["createClientPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/inventory/consume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Use up consumable items.
         * @description Same rules as consumeItem: consumables only (`409 CONFLICT` for a durable item), `409 INSUFFICIENT_FUNDS` when owning fewer, nothing consumed on a refusal.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["consumeClientItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/checkouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start buying a pack: a pending order and the hosted payment page URL (the buyer picks the country there).
         * @description A pending order and the URL of the hosted payment page, where the buyer picks the country (`country` is refused here). Open `checkoutUrl` in a window inside the player's click; its confirmation page posts `{type: "gamecoin:order", orderId, status}` to the opener. `successUrl` and `cancelUrl` must be https and of the request's `Origin` (else `fieldErrors.<field> = [ORIGIN_MISMATCH]`). A refused `creatorCode` is `fieldErrors.creatorCode = [CODE_INVALID]` with no order. `402 PAYMENT_FAILED` when the environment has no payment provider; `409 PACK_NOT_AVAILABLE` (with `details.startsAt`, `details.endsAt`), `PACK_SOLD_OUT`, `LIMIT_REACHED`. A replay answers 200 with the order as it is now.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["createClientCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/codes/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a gift code for the token's player.
         * @description Same as redeemCode; limited to 10 attempts per 15 minutes per player and 30 per IP.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["redeemClientCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the token player's orders (another player's is 404).
         * @description One of the token player's orders, to follow a payment; an order of another player is `404` like an unknown one.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         */
        get: operations["getClientOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a six-digit code to link an address to this anonymous player (answer is always neutral).
         * @description For anonymous (`hosted`) players only (`403 FORBIDDEN` for `ext:` players): mails a six-digit code, valid 10 minutes, one use, 5 tries, in `locale`. The answer is the same whether or not the address is known.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["requestMeEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link the address; when another player already holds it, switch to that player (merged: true).
         * @description Links the address to the token's player. When another player already holds it, the session switches to that player: `merged` true, a new token and a new `playerSecret` (no wallet is merged). A wrong, expired, used-up or unknown code is `400 VALIDATION_FAILED` with `fieldErrors.code = [CODE_INVALID]`.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["verifyMeEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/sign-in/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a sign-in code for a new device (answer is always neutral).
         * @description Sign-in on a new device, without a token: mails a six-digit code (valid 10 minutes, one use, 5 tries) under the same limits and with the same neutral answer as requestMeEmailCode.
         *
         *     Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["requestSignInEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/sign-in/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with the code: a token and a new playerSecret for the linked player.
         * @description Returns a token and a new `playerSecret` for the player linked to the address (the previous secret stops working). `404 NOT_FOUND` when the code is valid but no player is linked to the address; a wrong, expired, used-up or unknown code is `400 VALIDATION_FAILED` with `fieldErrors.code = [CODE_INVALID]`.
         *
         *     Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["verifySignInEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything stored about a player, as one JSON document (GDPR access and portability).
         * @description An extension beyond SPEC v1. The profile with the fields the Player resource never shows (`email`, `linkedEmail`, `birthYear`, `updatedAt`), every balance, the full ledger (oldest first), owned items, every order with its VAT country and amounts, gift-code redemptions and the e-mail codes still kept for the player. No secret, token or hash is ever part of it. `formatVersion` names the layout (now `1`); `exportedAt` is when it was made. A blocked or erased player can be exported too (an erased one shows what is left).
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        get: operations["exportPlayer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a player's personal data for good (GDPR); orders stay for tax records.
         * @description An extension beyond SPEC v1, in one transaction: `displayName`, `email`, `linkedEmail`, `birthYear` and `country` are removed; an `external` player's `externalId` becomes `erased:<service id>`, so the old `ext:` id finds nothing (`404`) and a later write with it creates a new player; player tokens are revoked, the player secret is removed and the player is blocked. Each non-zero balance is zeroed by one `adjustment` ledger entry with reason `erasure`, and owned items go to quantity 0. Orders keep their country, VAT and amounts. Takes no `Idempotency-Key`: the erasure is idempotent by itself, and a repeated call changes nothing and answers the first erasure's summary (same `erasedAt`). An unknown `ext:` player is `404` (nothing is created to be erased). Recorded in the studio's audit log, with the key's id and no personal data.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown player is `404 NOT_FOUND`; reading never creates one.
         */
        post: operations["erasePlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/shop-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single-use link that signs the player into the game's web shop within 10 minutes.
         * @description Opening `url` once signs the player into the hosted shop of the key's game and environment (`/shop/<game>` for live, `/shop/<game>/test` for test): a redirect to the shop page with a session cookie (24 hours). A second use, or a use after `expiresAt`, signs no one in. The optional `locale` (`fr`, `en` or `nl`) is the shop's language; without it the browser's languages decide, then French. Creates an unknown `ext:` player. A blocked player is `403 PLAYER_BLOCKED` and gets no link; `409 CONFLICT` when the environment's shop is off; at most 20 links per player an hour (`429 RATE_LIMITED`). Takes no `Idempotency-Key`: every call makes a new link. See docs/shop.md.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         */
        post: operations["createShopLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/players/{player}/store-purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an App Store or Google Play purchase: verified with the store, its pack delivered once.
         * @description The game sends what the store gave it after a purchase: `app_store` with StoreKit 2's signed transaction (verified with Apple's library up to Apple's root, for this environment's bundle id; the App Store's Sandbox is `test`, its Production `live`, and the transaction is read back through the App Store Server API), or `google_play` with the product id and purchase token (checked with Google's Play Developer API, then consumed; a license tester's purchase is `test`, a paid one `live`). The product's pack is delivered at once (`order.fulfilled`, `wallet.credited`): `amount` to paid, `bonus` to bonus, and its items. The order's `amountCents` is the pack's catalog price and its VAT is zero: the store is the merchant of record and accounts for VAT. One store transaction credits once, ever: `201` when recorded now, `200` with the same order when this player recorded it before (with any key). `400 VALIDATION_FAILED` for a signature or chain that does not verify, another app, or the other environment; `404` for a product mapped to no pack on sale; `409 CONFLICT` for a transaction recorded for another player, or that the store calls refunded, revoked, pending, canceled, consumed elsewhere or unknown (`details.state`), or a store not set up; `503` when the store did not answer (nothing was recorded: retry with the same key). A refund at the store claws the order back on its own, and the order cannot be refunded through this API.
         *
         *     Server API: call it from your game backend with the secret key; never ship that key to a client.
         *
         *     An unknown `ext:` player is created (with `kind` `external`) before the request is served.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["recordStorePurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/me/store-purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the token's player's App Store or Google Play purchase.
         * @description The game sends what the store gave it after a purchase: `app_store` with StoreKit 2's signed transaction (verified with Apple's library up to Apple's root, for this environment's bundle id; the App Store's Sandbox is `test`, its Production `live`, and the transaction is read back through the App Store Server API), or `google_play` with the product id and purchase token (checked with Google's Play Developer API, then consumed; a license tester's purchase is `test`, a paid one `live`). The product's pack is delivered at once (`order.fulfilled`, `wallet.credited`): `amount` to paid, `bonus` to bonus, and its items. The order's `amountCents` is the pack's catalog price and its VAT is zero: the store is the merchant of record and accounts for VAT. One store transaction credits once, ever: `201` when recorded now, `200` with the same order when this player recorded it before (with any key). `400 VALIDATION_FAILED` for a signature or chain that does not verify, another app, or the other environment; `404` for a product mapped to no pack on sale; `409 CONFLICT` for a transaction recorded for another player, or that the store calls refunded, revoked, pending, canceled, consumed elsewhere or unknown (`details.state`), or a store not set up; `503` when the store did not answer (nothing was recorded: retry with the same key). A refund at the store claws the order back on its own, and the order cannot be refunded through this API.
         *
         *     Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.
         *
         *     Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.
         */
        post: operations["recordClientStorePurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "order.fulfilled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was paid and delivered
         * @description `data` is the Order, as getOrder returns it. The wallet and inventory are already credited when it arrives. Its id is `evt_<orderId>_ful`, the same every time it is sent.
         *
         *     Delivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). Verify `Service-Signature` on the raw body before trusting it.
         */
        post: operations["webhook_order_fulfilled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.credited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Currency was added by a delivered order
         * @description Follows `order.fulfilled` when the pack grants currency: the player, the order and what each currency received. Its id is `evt_<orderId>_cre`.
         *
         *     Delivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). Verify `Service-Signature` on the raw body before trusting it.
         */
        post: operations["webhook_wallet_credited"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was refunded
         * @description Refunded by the server API, the dashboard or the payment provider; its coins and items were taken back (a debt when they were spent). `data` is the Order.
         *
         *     Delivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). Verify `Service-Signature` on the raw body before trusting it.
         */
        post: operations["webhook_order_refunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payer disputed an order
         * @description The payer disputed the payment; coins and items were taken back. `data` is the Order.
         *
         *     Delivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). Verify `Service-Signature` on the raw body before trusting it.
         */
        post: operations["webhook_order_chargeback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event sent from the dashboard
         * @description Sent by hand from the dashboard to one endpoint, with the same envelope and signature as the others.
         *
         *     Delivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). Verify `Service-Signature` on the raw body before trusting it.
         */
        post: operations["webhook_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        Player: {
            id: string;
            externalId: string | null;
            /** @enum {string} */
            kind: "external" | "hosted";
            displayName: string | null;
            country: string | null;
            blocked: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        Balance: {
            currency: string;
            paid: number;
            bonus: number;
            total: number;
        };
        Wallet: {
            playerId: string;
            balances: components["schemas"]["Balance"][];
        };
        LedgerEntry: {
            id: string;
            /** @enum {string} */
            type: "purchase_credit" | "grant" | "spend" | "refund_clawback" | "chargeback_clawback" | "adjustment" | "gift_code";
            currency: string;
            paidDelta: number;
            bonusDelta: number;
            balanceAfter: {
                paid: number;
                bonus: number;
                total: number;
            };
            reason: string | null;
            metadata: {
                [key: string]: string;
            };
            ref: {
                orderId?: string;
                itemSku?: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        Movement: {
            entry: components["schemas"]["LedgerEntry"];
            balance: components["schemas"]["Balance"];
        };
        InventoryItem: {
            sku: string;
            quantity: number;
            /** Format: date-time */
            updatedAt: string;
        };
        Purchase: {
            entry: components["schemas"]["LedgerEntry"];
            balance: components["schemas"]["Balance"];
            item: components["schemas"]["InventoryItem"];
        };
        LedgerPage: {
            entries: components["schemas"]["LedgerEntry"][];
            nextCursor: string | null;
        };
        InventoryList: {
            items: components["schemas"]["InventoryItem"][];
        };
        ItemChange: {
            item: components["schemas"]["InventoryItem"];
        };
        PlayerToken: {
            token: string;
            /** Format: date-time */
            expiresAt: string;
        };
        PlayerExport: {
            /**
             * @description Version of this layout; a reader checks it first.
             * @constant
             */
            formatVersion: 1;
            /** Format: date-time */
            exportedAt: string;
            game: {
                id: string;
                /** @enum {string} */
                env: "test" | "live";
            };
            profile: {
                id: string;
                externalId: string | null;
                /** @enum {string} */
                kind: "external" | "hosted";
                displayName: string | null;
                email: string | null;
                /** @description The address the player proved with an e-mail code. */
                linkedEmail: string | null;
                birthYear: number | null;
                country: string | null;
                blocked: boolean;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            };
            wallet: {
                /** @description Every balance row, currencies out of the catalog included. */
                balances: components["schemas"]["Balance"][];
            };
            /** @description Every ledger entry of the player, oldest first. */
            ledger: components["schemas"]["LedgerEntry"][];
            /** @description Owned items (quantity above 0). */
            inventory: components["schemas"]["InventoryItem"][];
            /** @description Every order of the player, oldest first, with its VAT country and amounts. */
            orders: components["schemas"]["Order"][];
            giftCodeRedemptions: {
                code: string;
                /** Format: date-time */
                redeemedAt: string;
            }[];
            /** @description E-mail codes still kept for the player (to link an address or sign in with it). */
            emailLinks: {
                email: string;
                /** @enum {string} */
                purpose: "link" | "sign_in";
                /** Format: date-time */
                requestedAt: string;
                /** Format: date-time */
                expiresAt: string;
                usedAt: string | null;
            }[];
        };
        PlayerErasure: {
            player: components["schemas"]["Player"];
            /** Format: date-time */
            erasedAt: string;
            /** @description One `adjustment` ledger entry with reason `erasure` per currency that was not zero. */
            balancesZeroed: {
                currency: string;
                /** @description Paid coins taken (negative: a debt forgiven). */
                paid: number;
                bonus: number;
                ledgerEntryId: string;
            }[];
            itemsZeroed: {
                sku: string;
                quantity: number;
            }[];
        };
        Currency: {
            code: string;
            name: string;
            purchasable: boolean;
        };
        Item: {
            sku: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            type: "consumable" | "durable";
            price: {
                currency: string;
                amount: number;
            } | null;
            maxOwned: number | null;
            clientPurchasable: boolean;
            metadata: {
                [key: string]: string;
            };
        };
        Pack: {
            sku: string;
            name: string;
            description: string | null;
            priceCents: number;
            /** @constant */
            currency: "EUR";
            grants: {
                currency: string;
                amount: number;
                bonus: number;
            }[];
            items: {
                sku: string;
                quantity: number;
            }[];
            badge: string | null;
            maxPerPlayer: number | null;
            availability: {
                startsAt: string | null;
                endsAt: string | null;
                remaining: number | null;
                founder: boolean;
            } | null;
        };
        Catalog: {
            currencies: components["schemas"]["Currency"][];
            items: components["schemas"]["Item"][];
            packs: components["schemas"]["Pack"][];
            prelaunch: boolean;
            launchAt: string | null;
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "VALIDATION_FAILED" | "IDEMPOTENCY_KEY_REQUIRED" | "UNAUTHENTICATED" | "PAYMENT_FAILED" | "FORBIDDEN" | "PLAYER_BLOCKED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "IDEMPOTENCY_CONFLICT" | "INSUFFICIENT_FUNDS" | "LIMIT_REACHED" | "PACK_NOT_AVAILABLE" | "PACK_SOLD_OUT" | "RATE_LIMITED" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE";
                message: string;
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        Order: {
            id: string;
            playerId: string;
            /** @enum {string} */
            status: "pending" | "paid" | "fulfilled" | "refunded" | "chargeback" | "failed" | "canceled" | "expired";
            pack: {
                sku: string;
                name: string;
            };
            amountCents: number;
            /** @constant */
            currency: "EUR";
            country: string;
            vatRateBp: number;
            vatCents: number;
            netCents: number;
            /** Format: date-time */
            createdAt: string;
            paidAt: string | null;
            fulfilledAt: string | null;
            refundedAt: string | null;
            creatorCode: {
                code: string;
                creatorName: string;
            } | null;
        };
        Checkout: {
            order: components["schemas"]["Order"];
            /** Format: uri */
            checkoutUrl: string;
        };
        ShopLink: {
            /** Format: uri */
            url: string;
            /** Format: date-time */
            expiresAt: string;
        };
        Me: {
            player: components["schemas"]["Player"];
            wallet: components["schemas"]["Wallet"];
            inventory: components["schemas"]["InventoryItem"][];
        };
        Redemption: {
            grants: {
                currency: string;
                amount: number;
                balance: components["schemas"]["Balance"];
            }[];
            items: {
                sku: string;
                quantity: number;
            }[];
            skipped: {
                sku: string;
                quantity: number;
            }[];
        };
        AnonymousPlayer: {
            player: components["schemas"]["Player"];
            playerSecret: string;
            token: string;
            /** Format: date-time */
            expiresAt: string;
        };
        EmailCodeSent: {
            /** @constant */
            sent: true;
            expiresInSeconds: number;
        };
        EmailVerification: {
            token: string;
            /** Format: date-time */
            expiresAt: string;
            player: components["schemas"]["Player"];
            merged: boolean;
            playerSecret: string | null;
        };
        WalletCredited: {
            playerId: string;
            orderId: string;
            credits: {
                currency: string;
                paid: number;
                bonus: number;
            }[];
        };
        WebhookTestData: {
            endpointId: string;
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "currencies": [
                     *         {
                     *           "code": "gems",
                     *           "name": "Gems",
                     *           "purchasable": true
                     *         }
                     *       ],
                     *       "items": [
                     *         {
                     *           "sku": "health-potion",
                     *           "name": "Health Potion",
                     *           "description": "Restores 20 HP.",
                     *           "type": "consumable",
                     *           "price": {
                     *             "currency": "gems",
                     *             "amount": 25
                     *           },
                     *           "maxOwned": 99,
                     *           "clientPurchasable": true,
                     *           "metadata": {
                     *             "rarity": "common"
                     *           }
                     *         }
                     *       ],
                     *       "packs": [
                     *         {
                     *           "sku": "gems-500",
                     *           "name": "500 gems",
                     *           "description": null,
                     *           "priceCents": 499,
                     *           "currency": "EUR",
                     *           "grants": [
                     *             {
                     *               "currency": "gems",
                     *               "amount": 500,
                     *               "bonus": 50
                     *             }
                     *           ],
                     *           "items": [],
                     *           "badge": "Popular",
                     *           "maxPerPlayer": null,
                     *           "availability": null
                     *         }
                     *       ],
                     *       "prelaunch": false,
                     *       "launchAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Catalog"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "externalId": "player-42",
                     *       "kind": "external",
                     *       "displayName": "Aria",
                     *       "country": "BE",
                     *       "blocked": false,
                     *       "createdAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Player"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    upsertPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "displayName": "Aria",
                 *       "email": "aria@studio.test",
                 *       "country": "BE",
                 *       "birthYear": 2001
                 *     }
                 */
                "application/json": {
                    displayName?: string | null;
                    email?: string | null;
                    country?: string | null;
                    birthYear?: number | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "externalId": "player-42",
                     *       "kind": "external",
                     *       "displayName": "Aria",
                     *       "country": "BE",
                     *       "blocked": false,
                     *       "createdAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Player"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlayerToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PlayerToken"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "balances": [
                     *         {
                     *           "currency": "gems",
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    grantCurrency: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currency": "gems",
                 *       "amount": 100,
                 *       "reason": "Daily reward",
                 *       "metadata": {
                 *         "quest": "daily_7"
                 *       }
                 *     }
                 */
                "application/json": {
                    currency: string;
                    amount: number;
                    reason?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entry": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *         "type": "spend",
                     *         "currency": "gems",
                     *         "paidDelta": 0,
                     *         "bonusDelta": -80,
                     *         "balanceAfter": {
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         },
                     *         "reason": "Level skip",
                     *         "metadata": {
                     *           "level": "12"
                     *         },
                     *         "ref": {},
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "balance": {
                     *         "currency": "gems",
                     *         "paid": 500,
                     *         "bonus": 120,
                     *         "total": 620
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Movement"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "LIMIT_REACHED",
                     *         "message": "Limit reached."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    spendCurrency: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currency": "gems",
                 *       "amount": 40,
                 *       "reason": "Level skip",
                 *       "metadata": {
                 *         "level": "12"
                 *       }
                 *     }
                 */
                "application/json": {
                    currency: string;
                    amount: number;
                    reason?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entry": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *         "type": "spend",
                     *         "currency": "gems",
                     *         "paidDelta": 0,
                     *         "bonusDelta": -80,
                     *         "balanceAfter": {
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         },
                     *         "reason": "Level skip",
                     *         "metadata": {
                     *           "level": "12"
                     *         },
                     *         "ref": {},
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "balance": {
                     *         "currency": "gems",
                     *         "paid": 500,
                     *         "bonus": 120,
                     *         "total": 620
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Movement"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INSUFFICIENT_FUNDS",
                     *         "message": "Insufficient funds."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLedger: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                currency?: string;
            };
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *           "type": "spend",
                     *           "currency": "gems",
                     *           "paidDelta": 0,
                     *           "bonusDelta": -80,
                     *           "balanceAfter": {
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           },
                     *           "reason": "Level skip",
                     *           "metadata": {
                     *             "level": "12"
                     *           },
                     *           "ref": {},
                     *           "createdAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInventory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 3,
                     *           "updatedAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["InventoryList"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    grantItem: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "health-potion",
                 *       "quantity": 2
                 *     }
                 */
                "application/json": {
                    sku: string;
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "item": {
                     *         "sku": "health-potion",
                     *         "quantity": 3,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ItemChange"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "LIMIT_REACHED",
                     *         "message": "Limit reached."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    consumeItem: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "health-potion",
                 *       "quantity": 1
                 *     }
                 */
                "application/json": {
                    sku: string;
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "item": {
                     *         "sku": "health-potion",
                     *         "quantity": 3,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ItemChange"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPurchase: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "revive-token",
                 *       "quantity": 2
                 *     }
                 */
                "application/json": {
                    sku: string;
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entry": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *         "type": "spend",
                     *         "currency": "gems",
                     *         "paidDelta": 0,
                     *         "bonusDelta": -80,
                     *         "balanceAfter": {
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         },
                     *         "reason": null,
                     *         "metadata": {},
                     *         "ref": {
                     *           "itemSku": "health-potion"
                     *         },
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "balance": {
                     *         "currency": "gems",
                     *         "paid": 500,
                     *         "bonus": 120,
                     *         "total": 620
                     *       },
                     *       "item": {
                     *         "sku": "health-potion",
                     *         "quantity": 3,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Purchase"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, INSUFFICIENT_FUNDS, LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckout: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "packSku": "gems-500",
                 *       "successUrl": "https://game.studio.test/shop/thanks",
                 *       "cancelUrl": "https://game.studio.test/shop",
                 *       "country": "BE",
                 *       "locale": "en"
                 *     }
                 */
                "application/json": {
                    packSku: string;
                    /** Format: uri */
                    successUrl?: string;
                    /** Format: uri */
                    cancelUrl?: string;
                    country?: string;
                    /**
                     * @description `fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.
                     * @example fr
                     * @example en
                     * @example nl
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description A replay of the first answer, with its resource in its current state. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "order": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "status": "pending",
                     *         "pack": {
                     *           "sku": "gems-500",
                     *           "name": "500 gems"
                     *         },
                     *         "amountCents": 499,
                     *         "currency": "EUR",
                     *         "country": "BE",
                     *         "vatRateBp": 2100,
                     *         "vatCents": 87,
                     *         "netCents": 412,
                     *         "createdAt": "2026-03-14T09:26:53.000Z",
                     *         "paidAt": null,
                     *         "fulfilledAt": null,
                     *         "refundedAt": null,
                     *         "creatorCode": null
                     *       },
                     *       "checkoutUrl": "https://gamecoin.test/pay/65f1c2a4b7e8d9f0a1b2c3e5"
                     *     }
                     */
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "order": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "status": "pending",
                     *         "pack": {
                     *           "sku": "gems-500",
                     *           "name": "500 gems"
                     *         },
                     *         "amountCents": 499,
                     *         "currency": "EUR",
                     *         "country": "BE",
                     *         "vatRateBp": 2100,
                     *         "vatCents": 87,
                     *         "netCents": 412,
                     *         "createdAt": "2026-03-14T09:26:53.000Z",
                     *         "paidAt": null,
                     *         "fulfilledAt": null,
                     *         "refundedAt": null,
                     *         "creatorCode": null
                     *       },
                     *       "checkoutUrl": "https://gamecoin.test/pay/65f1c2a4b7e8d9f0a1b2c3e5"
                     *     }
                     */
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_FAILED */
            402: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PAYMENT_FAILED",
                     *         "message": "Payment failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PACK_NOT_AVAILABLE, PACK_SOLD_OUT, LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PACK_NOT_AVAILABLE",
                     *         "message": "Pack not available."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeemCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "WELCOME-2026"
                 *     }
                 */
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "grants": [
                     *         {
                     *           "currency": "gems",
                     *           "amount": 100,
                     *           "balance": {
                     *             "currency": "gems",
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           }
                     *         }
                     *       ],
                     *       "items": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 2
                     *         }
                     *       ],
                     *       "skipped": []
                     *     }
                     */
                    "application/json": components["schemas"]["Redemption"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Bought by mistake"
                 *     }
                 */
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_FAILED */
            402: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PAYMENT_FAILED",
                     *         "message": "Payment failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPayOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "country": "NL"
                 *     }
                 */
                "application/json": {
                    country?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testDeclineOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testCancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testExpireOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testChargebackOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClientCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "currencies": [
                     *         {
                     *           "code": "gems",
                     *           "name": "Gems",
                     *           "purchasable": true
                     *         }
                     *       ],
                     *       "items": [
                     *         {
                     *           "sku": "health-potion",
                     *           "name": "Health Potion",
                     *           "description": "Restores 20 HP.",
                     *           "type": "consumable",
                     *           "price": {
                     *             "currency": "gems",
                     *             "amount": 25
                     *           },
                     *           "maxOwned": 99,
                     *           "clientPurchasable": true,
                     *           "metadata": {
                     *             "rarity": "common"
                     *           }
                     *         }
                     *       ],
                     *       "packs": [
                     *         {
                     *           "sku": "gems-500",
                     *           "name": "500 gems",
                     *           "description": null,
                     *           "priceCents": 499,
                     *           "currency": "EUR",
                     *           "grants": [
                     *             {
                     *               "currency": "gems",
                     *               "amount": 500,
                     *               "bonus": 50
                     *             }
                     *           ],
                     *           "items": [],
                     *           "badge": "Popular",
                     *           "maxPerPlayer": null,
                     *           "availability": null
                     *         }
                     *       ],
                     *       "prelaunch": false,
                     *       "launchAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Catalog"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAnonymousPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "displayName": "Aria"
                 *     }
                 */
                "application/json": {
                    displayName?: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "player": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": null,
                     *         "kind": "hosted",
                     *         "displayName": null,
                     *         "country": null,
                     *         "blocked": false,
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "playerSecret": "svc_ps_Vb82kQm1Zr7TyLw0Hc5Xn3Ja",
                     *       "token": "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["AnonymousPlayer"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClientPlayerToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                 *       "playerSecret": "svc_ps_Vb82kQm1Zr7TyLw0Hc5Xn3Ja"
                 *     }
                 */
                "application/json": {
                    playerId: string;
                    playerSecret: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PlayerToken"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "player": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": null,
                     *         "kind": "hosted",
                     *         "displayName": null,
                     *         "country": null,
                     *         "blocked": false,
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "wallet": {
                     *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "balances": [
                     *           {
                     *             "currency": "gems",
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           }
                     *         ]
                     *       },
                     *       "inventory": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 3,
                     *           "updatedAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    spendClient: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currency": "gems",
                 *       "amount": 20,
                 *       "reason": "Level skip"
                 *     }
                 */
                "application/json": {
                    currency: string;
                    amount: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entry": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *         "type": "spend",
                     *         "currency": "gems",
                     *         "paidDelta": 0,
                     *         "bonusDelta": -80,
                     *         "balanceAfter": {
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         },
                     *         "reason": "Level skip",
                     *         "metadata": {
                     *           "level": "12"
                     *         },
                     *         "ref": {},
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "balance": {
                     *         "currency": "gems",
                     *         "paid": 500,
                     *         "bonus": 120,
                     *         "total": 620
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Movement"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INSUFFICIENT_FUNDS",
                     *         "message": "Insufficient funds."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClientPurchase: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "revive-token",
                 *       "quantity": 1
                 *     }
                 */
                "application/json": {
                    sku: string;
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entry": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *         "type": "spend",
                     *         "currency": "gems",
                     *         "paidDelta": 0,
                     *         "bonusDelta": -80,
                     *         "balanceAfter": {
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "total": 620
                     *         },
                     *         "reason": null,
                     *         "metadata": {},
                     *         "ref": {
                     *           "itemSku": "health-potion"
                     *         },
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "balance": {
                     *         "currency": "gems",
                     *         "paid": 500,
                     *         "bonus": 120,
                     *         "total": 620
                     *       },
                     *       "item": {
                     *         "sku": "health-potion",
                     *         "quantity": 3,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Purchase"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, INSUFFICIENT_FUNDS, LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    consumeClientItem: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "revive-token",
                 *       "quantity": 1
                 *     }
                 */
                "application/json": {
                    sku: string;
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "item": {
                     *         "sku": "health-potion",
                     *         "quantity": 3,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ItemChange"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClientCheckout: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "packSku": "gems-500",
                 *       "locale": "fr",
                 *       "creatorCode": "NINJA"
                 *     }
                 */
                "application/json": {
                    packSku: string;
                    /** Format: uri */
                    successUrl?: string;
                    /** Format: uri */
                    cancelUrl?: string;
                    /**
                     * @description `fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.
                     * @example fr
                     * @example en
                     * @example nl
                     */
                    locale?: string;
                    creatorCode?: string;
                };
            };
        };
        responses: {
            /** @description A replay of the first answer, with its resource in its current state. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "order": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "status": "pending",
                     *         "pack": {
                     *           "sku": "gems-500",
                     *           "name": "500 gems"
                     *         },
                     *         "amountCents": 499,
                     *         "currency": "EUR",
                     *         "country": "BE",
                     *         "vatRateBp": 2100,
                     *         "vatCents": 87,
                     *         "netCents": 412,
                     *         "createdAt": "2026-03-14T09:26:53.000Z",
                     *         "paidAt": null,
                     *         "fulfilledAt": null,
                     *         "refundedAt": null,
                     *         "creatorCode": null
                     *       },
                     *       "checkoutUrl": "https://gamecoin.test/pay/65f1c2a4b7e8d9f0a1b2c3e5"
                     *     }
                     */
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "order": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "status": "pending",
                     *         "pack": {
                     *           "sku": "gems-500",
                     *           "name": "500 gems"
                     *         },
                     *         "amountCents": 499,
                     *         "currency": "EUR",
                     *         "country": "BE",
                     *         "vatRateBp": 2100,
                     *         "vatCents": 87,
                     *         "netCents": 412,
                     *         "createdAt": "2026-03-14T09:26:53.000Z",
                     *         "paidAt": null,
                     *         "fulfilledAt": null,
                     *         "refundedAt": null,
                     *         "creatorCode": null
                     *       },
                     *       "checkoutUrl": "https://gamecoin.test/pay/65f1c2a4b7e8d9f0a1b2c3e5"
                     *     }
                     */
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_FAILED */
            402: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PAYMENT_FAILED",
                     *         "message": "Payment failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PACK_NOT_AVAILABLE, PACK_SOLD_OUT, LIMIT_REACHED, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PACK_NOT_AVAILABLE",
                     *         "message": "Pack not available."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeemClientCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "GOLD-RUSH"
                 *     }
                 */
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "grants": [
                     *         {
                     *           "currency": "gems",
                     *           "amount": 100,
                     *           "balance": {
                     *             "currency": "gems",
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           }
                     *         }
                     *       ],
                     *       "items": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 2
                     *         }
                     *       ],
                     *       "skipped": []
                     *     }
                     */
                    "application/json": components["schemas"]["Redemption"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClientOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's id: 24 hexadecimal characters.
                 * @example 65f1c2a4b7e8d9f0a1b2c3e5
                 */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestMeEmailCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "aria@studio.test",
                 *       "locale": "en"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /**
                     * @description `fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.
                     * @example fr
                     * @example en
                     * @example nl
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sent": true,
                     *       "expiresInSeconds": 600
                     *     }
                     */
                    "application/json": components["schemas"]["EmailCodeSent"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyMeEmailCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "aria@studio.test",
                 *       "code": "482913"
                 *     }
                 */
                "application/json": {
                    email: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z",
                     *       "player": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": null,
                     *         "kind": "hosted",
                     *         "displayName": null,
                     *         "country": null,
                     *         "blocked": false,
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "merged": false,
                     *       "playerSecret": null
                     *     }
                     */
                    "application/json": components["schemas"]["EmailVerification"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestSignInEmailCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "aria@studio.test",
                 *       "locale": "en"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /**
                     * @description `fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.
                     * @example fr
                     * @example en
                     * @example nl
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sent": true,
                     *       "expiresInSeconds": 600
                     *     }
                     */
                    "application/json": components["schemas"]["EmailCodeSent"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifySignInEmailCode: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "aria@studio.test",
                 *       "code": "482913"
                 *     }
                 */
                "application/json": {
                    email: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z",
                     *       "player": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": null,
                     *         "kind": "hosted",
                     *         "displayName": null,
                     *         "country": null,
                     *         "blocked": false,
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "merged": false,
                     *       "playerSecret": null
                     *     }
                     */
                    "application/json": components["schemas"]["EmailVerification"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "IDEMPOTENCY_CONFLICT",
                     *         "message": "Idempotency conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "formatVersion": 1,
                     *       "exportedAt": "2026-05-02T10:00:00.000Z",
                     *       "game": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c301",
                     *         "env": "live"
                     *       },
                     *       "profile": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": "player-42",
                     *         "kind": "external",
                     *         "displayName": "Aria",
                     *         "country": "BE",
                     *         "blocked": false,
                     *         "createdAt": "2026-03-14T09:26:53.000Z",
                     *         "email": "aria@studio.test",
                     *         "linkedEmail": null,
                     *         "birthYear": 2001,
                     *         "updatedAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "wallet": {
                     *         "balances": [
                     *           {
                     *             "currency": "gems",
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           }
                     *         ]
                     *       },
                     *       "ledger": [
                     *         {
                     *           "id": "65f1c2a4b7e8d9f0a1b2c3f6",
                     *           "type": "spend",
                     *           "currency": "gems",
                     *           "paidDelta": 0,
                     *           "bonusDelta": -80,
                     *           "balanceAfter": {
                     *             "paid": 500,
                     *             "bonus": 120,
                     *             "total": 620
                     *           },
                     *           "reason": "Level skip",
                     *           "metadata": {
                     *             "level": "12"
                     *           },
                     *           "ref": {},
                     *           "createdAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "inventory": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 3,
                     *           "updatedAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "orders": [
                     *         {
                     *           "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *           "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *           "status": "pending",
                     *           "pack": {
                     *             "sku": "gems-500",
                     *             "name": "500 gems"
                     *           },
                     *           "amountCents": 499,
                     *           "currency": "EUR",
                     *           "country": "BE",
                     *           "vatRateBp": 2100,
                     *           "vatCents": 87,
                     *           "netCents": 412,
                     *           "createdAt": "2026-03-14T09:26:53.000Z",
                     *           "paidAt": null,
                     *           "fulfilledAt": null,
                     *           "refundedAt": null,
                     *           "creatorCode": null
                     *         }
                     *       ],
                     *       "giftCodeRedemptions": [
                     *         {
                     *           "code": "SPRING-2026",
                     *           "redeemedAt": "2026-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "emailLinks": []
                     *     }
                     */
                    "application/json": components["schemas"]["PlayerExport"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    erasePlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "player": {
                     *         "id": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "externalId": "erased:65f1c2a4b7e8d9f0a1b2c3d4",
                     *         "kind": "external",
                     *         "displayName": null,
                     *         "country": null,
                     *         "blocked": true,
                     *         "createdAt": "2026-03-14T09:26:53.000Z"
                     *       },
                     *       "erasedAt": "2026-05-02T10:00:00.000Z",
                     *       "balancesZeroed": [
                     *         {
                     *           "currency": "gems",
                     *           "paid": 500,
                     *           "bonus": 120,
                     *           "ledgerEntryId": "65f1c2a4b7e8d9f0a1b2c3f7"
                     *         }
                     *       ],
                     *       "itemsZeroed": [
                     *         {
                     *           "sku": "health-potion",
                     *           "quantity": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PlayerErasure"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createShopLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "locale": "en"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.
                     * @example fr
                     * @example en
                     * @example nl
                     */
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://gamecoin.test/shop/demo/enter/3pX9vQ2mK7tRw4Yb8Zc1Nd6Lf0Hj5Gs2Ua7Ve3Ix9Ok",
                     *       "expiresAt": "2026-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ShopLink"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordStorePurchase: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path: {
                /**
                 * @description A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.
                 * @example ext:player-42
                 */
                player: string;
            };
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "store": "google_play",
                 *       "productId": "gems_500",
                 *       "purchaseToken": "opaque-token-from-play-billing"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    store: "app_store";
                    /** @description StoreKit 2 `Transaction.jwsRepresentation`. */
                    signedTransaction: string;
                } | {
                    /** @constant */
                    store: "google_play";
                    /** @description The Play product id bought. */
                    productId: string;
                    /** @description `Purchase.getPurchaseToken()`. */
                    purchaseToken: string;
                };
            };
        };
        responses: {
            /** @description A replay of the first answer, with its resource in its current state. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordClientStorePurchase: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 100 printable ASCII characters; the same key with the same request replays the first answer. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is `400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "store": "app_store",
                 *       "signedTransaction": "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlF…"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    store: "app_store";
                    /** @description StoreKit 2 `Transaction.jwsRepresentation`. */
                    signedTransaction: string;
                } | {
                    /** @constant */
                    store: "google_play";
                    /** @description The Play product id bought. */
                    productId: string;
                    /** @description `Purchase.getPurchaseToken()`. */
                    purchaseToken: string;
                };
            };
        };
        responses: {
            /** @description A replay of the first answer, with its resource in its current state. */
            200: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description `true` on an answer replayed for a repeated `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                     *       "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                     *       "status": "pending",
                     *       "pack": {
                     *         "sku": "gems-500",
                     *         "name": "500 gems"
                     *       },
                     *       "amountCents": 499,
                     *       "currency": "EUR",
                     *       "country": "BE",
                     *       "vatRateBp": 2100,
                     *       "vatCents": 87,
                     *       "netCents": 412,
                     *       "createdAt": "2026-03-14T09:26:53.000Z",
                     *       "paidAt": null,
                     *       "fulfilledAt": null,
                     *       "refundedAt": null,
                     *       "creatorCode": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED */
            400: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Validation failed."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED */
            401: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Unauthenticated."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN, PLAYER_BLOCKED */
            403: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "Forbidden."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "Not found."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONFLICT, IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "Conflict."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Rate limited."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "INTERNAL_ERROR",
                     *         "message": "Internal error."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. Quote it when asking for support; it is on the service's log line of the request. */
                    "X-Request-Id"?: string;
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "SERVICE_UNAVAILABLE",
                     *         "message": "Service unavailable."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_order_fulfilled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.
                 * @example t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d
                 */
                "Service-Signature": string;
                /** @description The event's `id`, as in the body. */
                "Service-Event-Id": string;
                /** @description The event's `type`, as in the body. */
                "Service-Event-Type": "order.fulfilled";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_65f1c2a4b7e8d9f0a1b2c3e5_ful",
                 *       "type": "order.fulfilled",
                 *       "createdAt": "2026-03-14T09:27:41.000Z",
                 *       "env": "test",
                 *       "data": {
                 *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                 *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                 *         "status": "fulfilled",
                 *         "pack": {
                 *           "sku": "gems-500",
                 *           "name": "500 gems"
                 *         },
                 *         "amountCents": 499,
                 *         "currency": "EUR",
                 *         "country": "BE",
                 *         "vatRateBp": 2100,
                 *         "vatCents": 87,
                 *         "netCents": 412,
                 *         "createdAt": "2026-03-14T09:26:53.000Z",
                 *         "paidAt": "2026-03-14T09:27:40.000Z",
                 *         "fulfilledAt": "2026-03-14T09:27:40.000Z",
                 *         "refundedAt": null,
                 *         "creatorCode": null
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "order.fulfilled";
                    /** Format: date-time */
                    createdAt: string;
                    /** @enum {string} */
                    env: "test" | "live";
                    data: components["schemas"]["Order"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failure and the event is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_wallet_credited: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.
                 * @example t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d
                 */
                "Service-Signature": string;
                /** @description The event's `id`, as in the body. */
                "Service-Event-Id": string;
                /** @description The event's `type`, as in the body. */
                "Service-Event-Type": "wallet.credited";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_65f1c2a4b7e8d9f0a1b2c3e5_cre",
                 *       "type": "wallet.credited",
                 *       "createdAt": "2026-03-14T09:27:41.000Z",
                 *       "env": "test",
                 *       "data": {
                 *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                 *         "orderId": "65f1c2a4b7e8d9f0a1b2c3e5",
                 *         "credits": [
                 *           {
                 *             "currency": "gems",
                 *             "paid": 500,
                 *             "bonus": 50
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "wallet.credited";
                    /** Format: date-time */
                    createdAt: string;
                    /** @enum {string} */
                    env: "test" | "live";
                    data: components["schemas"]["WalletCredited"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failure and the event is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_refunded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.
                 * @example t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d
                 */
                "Service-Signature": string;
                /** @description The event's `id`, as in the body. */
                "Service-Event-Id": string;
                /** @description The event's `type`, as in the body. */
                "Service-Event-Type": "order.refunded";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_65f1c2a4b7e8d9f0a1b2c3e5_ref",
                 *       "type": "order.refunded",
                 *       "createdAt": "2026-03-14T09:27:41.000Z",
                 *       "env": "test",
                 *       "data": {
                 *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                 *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                 *         "status": "refunded",
                 *         "pack": {
                 *           "sku": "gems-500",
                 *           "name": "500 gems"
                 *         },
                 *         "amountCents": 499,
                 *         "currency": "EUR",
                 *         "country": "BE",
                 *         "vatRateBp": 2100,
                 *         "vatCents": 87,
                 *         "netCents": 412,
                 *         "createdAt": "2026-03-14T09:26:53.000Z",
                 *         "paidAt": "2026-03-14T09:27:40.000Z",
                 *         "fulfilledAt": "2026-03-14T09:27:40.000Z",
                 *         "refundedAt": "2026-03-15T10:00:00.000Z",
                 *         "creatorCode": null
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "order.refunded";
                    /** Format: date-time */
                    createdAt: string;
                    /** @enum {string} */
                    env: "test" | "live";
                    data: components["schemas"]["Order"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failure and the event is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_chargeback: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.
                 * @example t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d
                 */
                "Service-Signature": string;
                /** @description The event's `id`, as in the body. */
                "Service-Event-Id": string;
                /** @description The event's `type`, as in the body. */
                "Service-Event-Type": "order.chargeback";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_65f1c2a4b7e8d9f0a1b2c3e5_chb",
                 *       "type": "order.chargeback",
                 *       "createdAt": "2026-03-14T09:27:41.000Z",
                 *       "env": "test",
                 *       "data": {
                 *         "id": "65f1c2a4b7e8d9f0a1b2c3e5",
                 *         "playerId": "65f1c2a4b7e8d9f0a1b2c3d4",
                 *         "status": "chargeback",
                 *         "pack": {
                 *           "sku": "gems-500",
                 *           "name": "500 gems"
                 *         },
                 *         "amountCents": 499,
                 *         "currency": "EUR",
                 *         "country": "BE",
                 *         "vatRateBp": 2100,
                 *         "vatCents": 87,
                 *         "netCents": 412,
                 *         "createdAt": "2026-03-14T09:26:53.000Z",
                 *         "paidAt": "2026-03-14T09:27:40.000Z",
                 *         "fulfilledAt": "2026-03-14T09:27:40.000Z",
                 *         "refundedAt": null,
                 *         "creatorCode": null
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "order.chargeback";
                    /** Format: date-time */
                    createdAt: string;
                    /** @enum {string} */
                    env: "test" | "live";
                    data: components["schemas"]["Order"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failure and the event is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.
                 * @example t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d
                 */
                "Service-Signature": string;
                /** @description The event's `id`, as in the body. */
                "Service-Event-Id": string;
                /** @description The event's `type`, as in the body. */
                "Service-Event-Type": "webhook.test";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_test_65f1c2a4b7e8d9f0a1b2c3a7",
                 *       "type": "webhook.test",
                 *       "createdAt": "2026-03-14T09:27:41.000Z",
                 *       "env": "test",
                 *       "data": {
                 *         "endpointId": "65f1c2a4b7e8d9f0a1b2c3b8",
                 *         "message": "A test event sent from the Gamecoin dashboard."
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                    /** Format: date-time */
                    createdAt: string;
                    /** @enum {string} */
                    env: "test" | "live";
                    data: components["schemas"]["WebhookTestData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failure and the event is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
