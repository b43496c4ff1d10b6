/**
 * Generated from the app's OpenAPI document by sdk/scripts/generate-api-types.ts. Do not edit by hand:
 * tests/sdk/generated-types.test.ts fails when this file and the document drift apart.
 */

export const routes = {
  getCatalog: { method: "GET", path: "/catalog", idempotent: false },
  upsertPlayer: { method: "PUT", path: "/players/{player}", idempotent: false },
  getPlayer: { method: "GET", path: "/players/{player}", idempotent: false },
  createPlayerToken: { method: "POST", path: "/players/{player}/tokens", idempotent: false },
  getWallet: { method: "GET", path: "/players/{player}/wallet", idempotent: false },
  grantCurrency: { method: "POST", path: "/players/{player}/wallet/grant", idempotent: true },
  spendCurrency: { method: "POST", path: "/players/{player}/wallet/spend", idempotent: true },
  listLedger: { method: "GET", path: "/players/{player}/ledger", idempotent: false },
  listInventory: { method: "GET", path: "/players/{player}/inventory", idempotent: false },
  grantItem: { method: "POST", path: "/players/{player}/inventory/grant", idempotent: true },
  consumeItem: { method: "POST", path: "/players/{player}/inventory/consume", idempotent: true },
  createPurchase: { method: "POST", path: "/players/{player}/purchases", idempotent: true },
  createCheckout: { method: "POST", path: "/players/{player}/checkouts", idempotent: true },
  redeemCode: { method: "POST", path: "/players/{player}/codes/redeem", idempotent: true },
  getOrder: { method: "GET", path: "/orders/{orderId}", idempotent: false },
  refundOrder: { method: "POST", path: "/orders/{orderId}/refund", idempotent: false },
  testPayOrder: { method: "POST", path: "/test-helpers/orders/{orderId}/pay", idempotent: false },
  testDeclineOrder: { method: "POST", path: "/test-helpers/orders/{orderId}/decline", idempotent: false },
  testCancelOrder: { method: "POST", path: "/test-helpers/orders/{orderId}/cancel", idempotent: false },
  testExpireOrder: { method: "POST", path: "/test-helpers/orders/{orderId}/expire", idempotent: false },
  testChargebackOrder: { method: "POST", path: "/test-helpers/orders/{orderId}/chargeback", idempotent: false },
  getClientCatalog: { method: "GET", path: "/client/catalog", idempotent: false },
  createAnonymousPlayer: { method: "POST", path: "/client/players", idempotent: false },
  createClientPlayerToken: { method: "POST", path: "/client/players/token", idempotent: false },
  getMe: { method: "GET", path: "/client/me", idempotent: false },
  spendClient: { method: "POST", path: "/client/me/wallet/spend", idempotent: true },
  createClientPurchase: { method: "POST", path: "/client/me/purchases", idempotent: true },
  consumeClientItem: { method: "POST", path: "/client/me/inventory/consume", idempotent: true },
  createClientCheckout: { method: "POST", path: "/client/me/checkouts", idempotent: true },
  redeemClientCode: { method: "POST", path: "/client/me/codes/redeem", idempotent: true },
  getClientOrder: { method: "GET", path: "/client/me/orders/{orderId}", idempotent: false },
  requestMeEmailCode: { method: "POST", path: "/client/me/email", idempotent: true },
  verifyMeEmailCode: { method: "POST", path: "/client/me/email/verify", idempotent: true },
  requestSignInEmailCode: { method: "POST", path: "/client/sign-in/email", idempotent: true },
  verifySignInEmailCode: { method: "POST", path: "/client/sign-in/email/verify", idempotent: true },
  exportPlayer: { method: "GET", path: "/players/{player}/export", idempotent: false },
  erasePlayer: { method: "POST", path: "/players/{player}/erase", idempotent: false },
  createShopLink: { method: "POST", path: "/players/{player}/shop-links", idempotent: false },
  recordStorePurchase: { method: "POST", path: "/players/{player}/store-purchases", idempotent: true },
  recordClientStorePurchase: { method: "POST", path: "/client/me/store-purchases", idempotent: true },
} as const;

export type OperationId = keyof typeof routes;
