import type { AnyOperation } from "../operation";
import { getCatalogOperation } from "./catalog";
import { consumeItemOperation, createPurchaseOperation, grantItemOperation, listInventoryOperation } from "./inventory";
import { createPlayerTokenOperation, getPlayerOperation, upsertPlayerOperation } from "./players";
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
];
