import { describe, expect, it } from "vitest";
import type { MoneyMove, MoveChange } from "./money-move";
import { moveBatchText } from "./write-batch";

const AT = new Date("2026-12-02T10:00:00.000Z");
const RECORD = { principal: "key_1", key: "k-1", fingerprint: "f", operation: "spend", status: 200 };

function move(change: MoveChange, player: MoneyMove["player"] = { ref: { kind: "id", id: "ply_1" }, ifUnknown: "not_found" }): MoneyMove {
  return {
    scope: { gameId: "gam_1", env: "test" },
    player,
    change,
    entry: { type: "spend", reason: null, metadata: { b: "2", a: "1" }, orderId: null, itemSku: null },
    record: RECORD,
    at: AT,
  };
}

/** The fields every move carries, whatever its change. */
const COMMON = {
  game_id: "gam_1",
  env: "test",
  player_id: "ply_1",
  type: "spend",
  reason: null,
  metadata: { b: "2", a: "1" },
  metadata_json: '{"a":"1","b":"2"}',
  record: RECORD,
  now: "2026-12-02T10:00:00.000Z",
};

const sent = (moves: MoneyMove[]): unknown => JSON.parse(moveBatchText(moves));

/**
 * money_move_batch reads these keys, and tests some for presence (`? 'player_id'`, `? 'external_id'`),
 * so a field that does not apply to a move must be absent from its text, not null.
 */
describe("the batch text money_move_batch reads", () => {
  it("carries exactly each change's own fields", () => {
    expect(
      sent([
        move({ kind: "debit", currency: "coins", amount: 5, bonusFirst: true }),
        move({ kind: "debit", currency: "coins", amount: 5, bonusFirst: false, checkCurrency: true }),
        move({ kind: "credit", currency: "coins", amount: 7 }),
        move({ kind: "credit", currency: "coins", amount: 7, paid: 3, checkCurrency: true }),
        move({ kind: "clawback", currency: "coins", paid: 4, bonus: 2, policy: "clamp" }),
        move({ kind: "zero", currency: "coins" }),
        move({ kind: "purchase", sku: "potion", quantity: 2, clientOnly: true, bonusFirst: false }),
      ]),
    ).toEqual([
      { ...COMMON, kind: "debit", currency: "coins", amount: 5, bonus_first: true },
      { ...COMMON, kind: "debit", currency: "coins", amount: 5, bonus_first: false, check_currency: true },
      { ...COMMON, kind: "credit", currency: "coins", amount: 7, paid: 0 },
      { ...COMMON, kind: "credit", currency: "coins", amount: 7, paid: 3, check_currency: true },
      { ...COMMON, kind: "clawback", currency: "coins", amount: 6, paid: 4, bonus: 2, policy: "clamp" },
      { ...COMMON, kind: "zero", currency: "coins", amount: 0 },
      { ...COMMON, kind: "purchase", sku: "potion", quantity: 2, client_only: true, bonus_first: false },
    ]);
  });

  it("names the player by external id, with a new id only where the move creates the player", () => {
    const debit: MoveChange = { kind: "debit", currency: "coins", amount: 1, bonusFirst: false };
    const [created, existing, refund] = sent([
      move(debit, { ref: { kind: "external", externalId: "ext:ana" }, ifUnknown: "create" }),
      move(debit, { ref: { kind: "external", externalId: "ext:ana" }, ifUnknown: "not_found" }),
      move(debit, { ref: { kind: "id", id: "ply_1" }, ifUnknown: "not_found", anyPlayer: true }),
    ]) as Record<string, unknown>[];
    const { player_id: _byId, ...common } = COMMON;
    expect(created).toEqual({ ...common, external_id: "ext:ana", create_external: true, new_player_id: expect.any(String), kind: "debit", currency: "coins", amount: 1, bonus_first: false });
    expect(existing).toEqual({ ...common, external_id: "ext:ana", kind: "debit", currency: "coins", amount: 1, bonus_first: false });
    expect(refund).toEqual({ ...COMMON, any_player: true, kind: "debit", currency: "coins", amount: 1, bonus_first: false });
  });

  it("carries the entry's order and item only when it has them", () => {
    const delivery = move({ kind: "credit", currency: "coins", amount: 100, paid: 100 });
    const purchase = move({ kind: "purchase", sku: "potion", quantity: 1, clientOnly: false, bonusFirst: false });
    const [delivered, bought] = sent([
      { ...delivery, entry: { ...delivery.entry, type: "purchase_credit", orderId: "ord_1" }, record: null },
      { ...purchase, entry: { ...purchase.entry, itemSku: "potion" } },
    ]) as Record<string, unknown>[];
    expect(delivered).toMatchObject({ type: "purchase_credit", order_id: "ord_1", record: null });
    expect(delivered).not.toHaveProperty("item_sku");
    expect(bought).toMatchObject({ type: "spend", item_sku: "potion" });
    expect(bought).not.toHaveProperty("order_id");
  });
});
