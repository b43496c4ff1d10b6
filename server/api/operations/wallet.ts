import "server-only";
import { getWallet } from "@/server/wallet/get-wallet";
import { grantCurrency } from "@/server/wallet/grant-currency";
import { ledgerPageText, listLedger, ListLedgerQuery } from "@/server/wallet/list-ledger";
import { CurrencyMovementRequest } from "@/server/wallet/schemas";
import { spendCurrency } from "@/server/wallet/spend-currency";
import type { MoveAnswer } from "@/server/money-moves/submit-move";
import { defineMoveOperation, defineOperation, type MoveContext } from "../operation";
import { LedgerPage, Movement, Wallet } from "../resource-schemas";

/** The spend, shared by the server and client spend routes. */
export const spendMove = ({ db, scope, settings, player, body, claim }: MoveContext<CurrencyMovementRequest>): Promise<MoveAnswer> =>
  spendCurrency(db, { scope, settings, player, input: body, claim });

export const getWalletOperation = defineOperation({
  id: "getWallet",
  method: "GET",
  path: "/players/{player}/wallet",
  summary: "One balance per active currency, zeros included.",
  description:
    "One balance per active currency, zeros included, each split into `paid` (bought with money) and `bonus` (granted for free).",
  tag: "Wallet",
  auth: "secret",
  idempotent: false,
  player: "read",
  response: Wallet,
  successStatus: 200,
  handle: async ({ db, scope, player }) => ({ body: await getWallet(db, scope, player.id) }),
});

export const grantCurrencyOperation = defineMoveOperation({
  id: "grantCurrency",
  method: "POST",
  path: "/players/{player}/wallet/grant",
  summary: "Credit free coins to `bonus` (a debt on `paid` is repaid first).",
  description:
    "Writes a `grant` ledger entry and credits `bonus`; a debt on `paid` (left by a refund) is repaid first. `404 NOT_FOUND` when the currency is not in the catalog or archived; `409 LIMIT_REACHED` when the balance would pass 1,000,000,000,000,000. `metadata` holds at most 20 string entries (more is `METADATA_TOO_LARGE`).",
  tag: "Wallet",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: CurrencyMovementRequest,
  response: Movement,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  move: ({ db, scope, player, body, claim }) => grantCurrency(db, { scope, player, input: body, claim }),
});

export const spendCurrencyOperation = defineMoveOperation({
  id: "spendCurrency",
  method: "POST",
  path: "/players/{player}/wallet/spend",
  summary: "Spend coins, bonus first unless the game spends paid first; all or nothing.",
  description:
    "Writes a `spend` entry with negative deltas, bonus coins first unless the game spends paid first. All or nothing: `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available` spends nothing and is not stored, so the same key can be retried once the player has the coins. An unknown `ext:` player is created and then has nothing to spend.",
  tag: "Wallet",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: CurrencyMovementRequest,
  response: Movement,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "INSUFFICIENT_FUNDS", "IDEMPOTENCY_CONFLICT"],
  move: spendMove,
});

export const listLedgerOperation = defineOperation({
  id: "listLedger",
  method: "GET",
  path: "/players/{player}/ledger",
  summary: "Ledger entries, newest first; filter with `currency`, page with `limit` and `cursor`.",
  description:
    "Every movement of the player's coins, newest first. `limit` sets the page size; pass `nextCursor` as `cursor` for the next page (null on the last one); `currency` keeps one currency.",
  tag: "Wallet",
  auth: "secret",
  idempotent: false,
  player: "read",
  query: ListLedgerQuery,
  response: LedgerPage,
  successStatus: 200,
  handle: async ({ db, scope, player, query }) => ({ body: ledgerPageText(await listLedger(db, scope, { playerId: player.id, query })) }),
});
