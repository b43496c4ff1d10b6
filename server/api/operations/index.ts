import "server-only";
import type { AnyOperation } from "../operation";
import { getCatalogOperation } from "./catalog";
import {
  createAnonymousPlayerOperation,
  createClientPlayerTokenOperation,
  requestMeEmailCodeOperation,
  requestSignInEmailCodeOperation,
  verifyMeEmailCodeOperation,
  verifySignInEmailCodeOperation,
} from "./client-players";
import { redeemClientCodeOperation, redeemCodeOperation } from "./codes";
import {
  consumeClientItemOperation,
  createClientCheckoutOperation,
  createClientPurchaseOperation,
  getClientCatalogOperation,
  getClientOrderOperation,
  getMeOperation,
  spendClientOperation,
} from "./client";
import { consumeItemOperation, createPurchaseOperation, grantItemOperation, listInventoryOperation } from "./inventory";
import { createPlayerTokenOperation, erasePlayerOperation, exportPlayerOperation, getPlayerOperation, upsertPlayerOperation } from "./players";
import { createShopLinkOperation } from "./shop";
import { createCheckoutOperation, getOrderOperation, refundOrderOperation } from "./orders";
import { cancelOrderHelper, chargebackOrderHelper, declineOrderHelper, expireOrderHelper, payOrderHelper } from "./test-helpers";
import { recordClientStorePurchaseOperation, recordStorePurchaseOperation } from "./store-purchases";
import { getWalletOperation, grantCurrencyOperation, listLedgerOperation, spendCurrencyOperation } from "./wallet";

/** Every /api/v1 operation, declared once: routing, validation and the OpenAPI document all read this. */
export const operations: AnyOperation[] = [
  getCatalogOperation,
  upsertPlayerOperation,
  getPlayerOperation,
  createPlayerTokenOperation,
  getWalletOperation,
  grantCurrencyOperation,
  spendCurrencyOperation,
  listLedgerOperation,
  listInventoryOperation,
  grantItemOperation,
  consumeItemOperation,
  createPurchaseOperation,
  createCheckoutOperation,
  redeemCodeOperation,
  getOrderOperation,
  refundOrderOperation,
  payOrderHelper,
  declineOrderHelper,
  cancelOrderHelper,
  expireOrderHelper,
  chargebackOrderHelper,
  getClientCatalogOperation,
  createAnonymousPlayerOperation,
  createClientPlayerTokenOperation,
  getMeOperation,
  spendClientOperation,
  createClientPurchaseOperation,
  consumeClientItemOperation,
  createClientCheckoutOperation,
  redeemClientCodeOperation,
  getClientOrderOperation,
  requestMeEmailCodeOperation,
  verifyMeEmailCodeOperation,
  requestSignInEmailCodeOperation,
  verifySignInEmailCodeOperation,
  // Extensions beyond SPEC v1, last: the document lists them after SPEC's operations, and the fuzz test's
  // erasure of its shared player comes after every other operation has used it.
  exportPlayerOperation,
  erasePlayerOperation,
  createShopLinkOperation,
  // Issue 24: store purchases (App Store, Google Play).
  recordStorePurchaseOperation,
  recordClientStorePurchaseOperation,
];
