import "server-only";
import { privacyResponseExamples } from "@/server/players/privacy/privacy-examples";

/**
 * One example per response schema and per request body, shown in the document and checked against
 * their schemas by tests/api/openapi-schemas.test.ts (and by the lint gates), so they cannot go stale.
 * The request examples are what the /docs curl examples send: they name the demo data's currencies,
 * items, packs and codes (db/fixtures/demo.json), and tests/docs/curl-examples.test.ts runs them on it.
 */
const PLAYER_ID = "65f1c2a4b7e8d9f0a1b2c3d4";
const ORDER_ID = "65f1c2a4b7e8d9f0a1b2c3e5";
const AT = "2026-03-14T09:26:53.000Z";

const player = {
  id: PLAYER_ID,
  externalId: "player-42",
  kind: "external",
  displayName: "Aria",
  country: "BE",
  blocked: false,
  createdAt: AT,
};
const hostedPlayer = { ...player, externalId: null, kind: "hosted", displayName: null, country: null };
const balance = { currency: "gems", paid: 500, bonus: 120, total: 620 };
const entry = {
  id: "65f1c2a4b7e8d9f0a1b2c3f6",
  type: "spend",
  currency: "gems",
  paidDelta: 0,
  bonusDelta: -80,
  balanceAfter: { paid: 500, bonus: 120, total: 620 },
  reason: "Level skip",
  metadata: { level: "12" },
  ref: {},
  createdAt: AT,
};
const item = { sku: "health-potion", quantity: 3, updatedAt: AT };
const order = {
  id: ORDER_ID,
  playerId: PLAYER_ID,
  status: "pending",
  pack: { sku: "gems-500", name: "500 gems" },
  amountCents: 499,
  currency: "EUR",
  country: "BE",
  vatRateBp: 2100,
  vatCents: 87,
  netCents: 412,
  createdAt: AT,
  paidAt: null,
  fulfilledAt: null,
  refundedAt: null,
  creatorCode: null,
};
const catalog = {
  currencies: [{ code: "gems", name: "Gems", purchasable: true }],
  items: [
    {
      sku: "health-potion",
      name: "Health Potion",
      description: "Restores 20 HP.",
      type: "consumable",
      price: { currency: "gems", amount: 25 },
      maxOwned: 99,
      clientPurchasable: true,
      metadata: { rarity: "common" },
    },
  ],
  packs: [
    {
      sku: "gems-500",
      name: "500 gems",
      description: null,
      priceCents: 499,
      currency: "EUR",
      grants: [{ currency: "gems", amount: 500, bonus: 50 }],
      items: [],
      badge: "Popular",
      maxPerPlayer: null,
      availability: null,
    },
  ],
  prelaunch: false,
  launchAt: null,
};
const TOKEN = "svc_pt_3kTq9fZ2mWc8YbR1xLp4Nv7H";

/** Keyed by the component name of the response schema. */
export const responseExamples: Record<string, unknown> = {
  Player: player,
  Balance: balance,
  Wallet: { playerId: PLAYER_ID, balances: [balance] },
  LedgerEntry: entry,
  Movement: { entry, balance },
  InventoryItem: item,
  Purchase: { entry: { ...entry, type: "spend", reason: null, metadata: {}, ref: { itemSku: "health-potion" } }, balance, item },
  LedgerPage: { entries: [entry], nextCursor: null },
  InventoryList: { items: [item] },
  ItemChange: { item },
  PlayerToken: { token: TOKEN, expiresAt: AT },
  Catalog: catalog,
  Order: order,
  Checkout: { order, checkoutUrl: `https://gamecoin.test/pay/${ORDER_ID}` },
  Me: { player: hostedPlayer, wallet: { playerId: PLAYER_ID, balances: [balance] }, inventory: [item] },
  Redemption: { grants: [{ currency: "gems", amount: 100, balance }], items: [{ sku: "health-potion", quantity: 2 }], skipped: [] },
  AnonymousPlayer: { player: hostedPlayer, playerSecret: "svc_ps_Vb82kQm1Zr7TyLw0Hc5Xn3Ja", token: TOKEN, expiresAt: AT },
  EmailCodeSent: { sent: true, expiresInSeconds: 600 },
  ShopLink: { url: "https://gamecoin.test/shop/demo/enter/3pX9vQ2mK7tRw4Yb8Zc1Nd6Lf0Hj5Gs2Ua7Ve3Ix9Ok", expiresAt: AT },
  EmailVerification: { token: TOKEN, expiresAt: AT, player: hostedPlayer, merged: false, playerSecret: null },
  ...privacyResponseExamples({ player, balance, entry, item, order }),
  Error: { error: { code: "VALIDATION_FAILED", message: "The request is not valid.", details: { fieldErrors: { amount: ["Must be at least 1"] } } } },
};

/** An empty body: the operations that take none still show one, so every request body has an example. */
const NO_FIELDS = {};

/**
 * Keyed by operationId, one per request body. In document order they work on a fresh demo player:
 * the grant pays for the spend and the purchase, the item grant for the consume.
 */
export const requestExamples: Record<string, unknown> = {
  upsertPlayer: { displayName: "Aria", email: "aria@studio.test", country: "BE", birthYear: 2001 },
  createPlayerToken: NO_FIELDS,
  createShopLink: { locale: "en" },
  grantCurrency: { currency: "gems", amount: 100, reason: "Daily reward", metadata: { quest: "daily_7" } },
  spendCurrency: { currency: "gems", amount: 40, reason: "Level skip", metadata: { level: "12" } },
  grantItem: { sku: "health-potion", quantity: 2 },
  consumeItem: { sku: "health-potion", quantity: 1 },
  createPurchase: { sku: "revive-token", quantity: 2 },
  createCheckout: { packSku: "gems-500", successUrl: "https://game.studio.test/shop/thanks", cancelUrl: "https://game.studio.test/shop", country: "BE", locale: "en" },
  redeemCode: { code: "WELCOME-2026" },
  refundOrder: { reason: "Bought by mistake" },
  testPayOrder: { country: "NL" },
  testDeclineOrder: NO_FIELDS,
  testCancelOrder: NO_FIELDS,
  testExpireOrder: NO_FIELDS,
  testChargebackOrder: NO_FIELDS,
  createAnonymousPlayer: { displayName: "Aria" },
  createClientPlayerToken: { playerId: PLAYER_ID, playerSecret: "svc_ps_Vb82kQm1Zr7TyLw0Hc5Xn3Ja" },
  spendClient: { currency: "gems", amount: 20, reason: "Level skip" },
  createClientPurchase: { sku: "revive-token", quantity: 1 },
  consumeClientItem: { sku: "revive-token", quantity: 1 },
  createClientCheckout: { packSku: "gems-500", locale: "fr", creatorCode: "NINJA" },
  redeemClientCode: { code: "GOLD-RUSH" },
  requestMeEmailCode: { email: "aria@studio.test", locale: "en" },
  verifyMeEmailCode: { email: "aria@studio.test", code: "482913" },
  requestSignInEmailCode: { email: "aria@studio.test", locale: "en" },
  verifySignInEmailCode: { email: "aria@studio.test", code: "482913" },
  erasePlayer: NO_FIELDS,
  recordStorePurchase: { store: "google_play", productId: "gems_500", purchaseToken: "opaque-token-from-play-billing" },
  recordClientStorePurchase: { store: "app_store", signedTransaction: "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlF…" },
};
