import { beforeAll, describe, expect, it } from "vitest";
import type { PlayerErasure, PlayerExport } from "@/server/players/privacy/privacy-schemas";
import { insertCode } from "@/tests/gift-code-helpers";
import type { OrderView } from "@/server/orders/order-view";
import type { LedgerEntryView } from "@/server/wallet/wallet-views";
import { call, extRef, get, post, useDatabase } from "../harness";
import { apiError } from "../domain-helpers";
import { assertLedgerInvariants, getOrder, playerRow, type InventoryItem } from "../order-helpers";
import { paidOrder } from "../dashboard/sales-helpers";
import { salesFixture } from "../dashboard/sales-helpers";
import { callerFor, lastAudit, auditRowsOf, type StudioFixture } from "../dashboard/studio-staff";
import { emailCodeIds, insertEmailCode, ledgerCountOf } from "./privacy-helpers";

useDatabase();

let fx: StudioFixture;
let key: string;
let ref: string;
let oldExternalId: string;
let playerId: string;
let order: OrderView;
let giftCode: string;
let token: string;
let otherCodeId: string;

const env = "test" as const;

beforeAll(async () => {
  fx = await salesFixture();
  key = fx.game.secretKey;
  oldExternalId = `alice-${Date.now()}`;
  ref = `ext:${oldExternalId}`;
  const upserted = await call<{ id: string }>("PUT", `/players/${ref}`, {
    key,
    body: { displayName: "Alice Privacy", email: "Alice.Privacy@Example.test", birthYear: 1990, country: "FR" },
  });
  expect(upserted.status).toBe(200);
  playerId = upserted.body.id;
  // 500 paid + 50 bonus coins and 2 potions, sold in France.
  order = await paidOrder(fx, { ref, country: "FR" });
  giftCode = `PRIV${Date.now().toString(36).toUpperCase()}`;
  await insertCode({ gameId: fx.gameId, env }, { code: giftCode, grants: [{ currency: "gems", amount: 30 }], items: [{ sku: "shield", quantity: 1 }] });
  expect((await post(`/players/${ref}/codes/redeem`, key, { code: giftCode })).status).toBe(200);
  // Bonus first: 50 bonus coins become 30.
  expect((await post(`/players/${ref}/wallet/spend`, key, { currency: "coins", amount: 20, reason: "Level skip" })).status).toBe(200);
  expect((await post(`/players/${ref}/inventory/grant`, key, { sku: "sword", quantity: 1 })).status).toBe(200);
  const issued = await call<{ token: string }>("POST", `/players/${ref}/tokens`, { key });
  token = issued.body.token;
  await insertEmailCode(fx.gameId, "alice.privacy@example.test", "sign_in");
  otherCodeId = await insertEmailCode(fx.gameId, "someone.else@example.test", "sign_in");
});

describe("GET /players/{player}/export", () => {
  it("answers every stored fact about the player, and no secret", async () => {
    const exported = await get<PlayerExport>(`/players/${ref}/export`, key);
    expect(exported.status).toBe(200);
    const row = await playerRow(playerId);
    const ledger = await get<{ entries: LedgerEntryView[] }>(`/players/${ref}/ledger?limit=100`, key);
    const inventory = await get<{ items: InventoryItem[] }>(`/players/${ref}/inventory`, key);
    const body = exported.body;
    expect(body.formatVersion).toBe(1);
    expect(Math.abs(Date.parse(body.exportedAt) - Date.now())).toBeLessThan(60_000);
    expect(body.game).toEqual({ id: fx.gameId, env: "test" });
    expect(body.profile).toEqual({
      id: playerId,
      externalId: oldExternalId,
      kind: "external",
      displayName: "Alice Privacy",
      email: "alice.privacy@example.test",
      linkedEmail: null,
      birthYear: 1990,
      country: "FR",
      blocked: false,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    expect(body.wallet.balances).toEqual([
      { currency: "coins", paid: 500, bonus: 30, total: 530 },
      { currency: "gems", paid: 0, bonus: 30, total: 30 },
    ]);
    expect(body.ledger.map((e) => [e.type, e.currency, e.paidDelta, e.bonusDelta])).toEqual([
      ["purchase_credit", "coins", 500, 50],
      ["gift_code", "gems", 0, 30],
      ["spend", "coins", 0, -20],
    ]);
    // The same entries as the API's ledger, oldest first.
    expect(body.ledger).toEqual([...ledger.body.entries].reverse());
    expect(body.inventory).toEqual(inventory.body.items);
    expect(body.inventory.map((i) => [i.sku, i.quantity])).toEqual([
      ["potion", 2],
      ["shield", 1],
      ["sword", 1],
    ]);
    expect(body.orders).toEqual([(await getOrder(key, order.id)).body]);
    expect(body.orders[0]).toMatchObject({ country: "FR", amountCents: 499, vatRateBp: 2000, vatCents: 83, netCents: 416, status: "fulfilled" });
    expect(body.giftCodeRedemptions).toHaveLength(1);
    expect(body.giftCodeRedemptions[0]?.code).toBe(giftCode);
    expect(body.emailLinks.map((l) => [l.email, l.purpose, l.usedAt])).toEqual([["alice.privacy@example.test", "sign_in", null]]);
    for (const secret of ["secretHash", "tokenHash", "codeHash", "checkoutToken", "svc_pt_", row.secretHash ?? "no-secret"]) {
      expect(exported.text).not.toContain(secret);
    }
  });

  it("is 404 for an unknown ext: player and creates none", async () => {
    const unknown = extRef("nobody");
    expect((await get(`/players/${unknown}/export`, key)).status).toBe(404);
    expect((await get(`/players/${unknown}`, key)).status).toBe(404);
  });
});

describe("POST /players/{player}/erase", () => {
  let first: { status: number; body: PlayerErasure; text: string };
  let ledgerBefore: number;

  beforeAll(async () => {
    ledgerBefore = await ledgerCountOf(playerId);
    first = await call<PlayerErasure>("POST", `/players/${ref}/erase`, { key });
  });

  it("answers the summary: the player emptied and blocked, balances and items zeroed", async () => {
    expect(first.status).toBe(200);
    const entries = (await get<{ entries: LedgerEntryView[] }>(`/players/${playerId}/ledger?limit=2`, key)).body.entries;
    const erasureEntries = [...entries].reverse();
    expect(erasureEntries.map((e) => [e.type, e.currency, e.reason, e.paidDelta, e.bonusDelta, e.balanceAfter.total])).toEqual([
      ["adjustment", "coins", "erasure", -500, -30, 0],
      ["adjustment", "gems", "erasure", 0, -30, 0],
    ]);
    expect(first.body).toEqual({
      player: {
        id: playerId,
        externalId: `erased:${playerId}`,
        kind: "external",
        displayName: null,
        country: null,
        blocked: true,
        createdAt: (await playerRow(playerId)).createdAt.toISOString(),
      },
      erasedAt: first.body.erasedAt,
      balancesZeroed: [
        { currency: "coins", paid: 500, bonus: 30, ledgerEntryId: erasureEntries[0]?.id },
        { currency: "gems", paid: 0, bonus: 30, ledgerEntryId: erasureEntries[1]?.id },
      ],
      itemsZeroed: [
        { sku: "potion", quantity: 2 },
        { sku: "shield", quantity: 1 },
        { sku: "sword", quantity: 1 },
      ],
    });
    expect(await ledgerCountOf(playerId)).toBe(ledgerBefore + 2);
  });

  it("removes every personal field, the secret and the tokens", async () => {
    const row = await playerRow(playerId);
    expect({
      externalId: row.externalId,
      displayName: row.displayName,
      email: row.email,
      linkedEmail: row.linkedEmail,
      birthYear: row.birthYear,
      country: row.country,
      secretHash: row.secretHash,
      blocked: row.blocked,
    }).toEqual({ externalId: `erased:${playerId}`, displayName: null, email: null, linkedEmail: null, birthYear: null, country: null, secretHash: null, blocked: true });
    const me = await call("GET", "/client/me", { serviceKey: fx.game.publishableKey, token });
    expect(me.status).toBe(401);
    // The code sent to the player's address is gone; another address's code stays.
    expect(await emailCodeIds(fx.gameId)).toEqual([otherCodeId]);
  });

  it("makes the player unfindable by its old ext: id, name and e-mail", async () => {
    expect(await get(`/players/${ref}`, key)).toMatchObject({ status: 404, body: apiError("NOT_FOUND") });
    const admin = await callerFor(fx.staff.admin);
    for (const query of ["Alice Privacy", "Alice", "alice.privacy@example.test", oldExternalId, oldExternalId.slice(0, 6)]) {
      const found = await admin.players.search({ gameId: fx.gameId, env, query });
      expect(found.players.map((p) => p.id), query).toEqual([]);
    }
  });

  it("leaves the wallet and inventory at zero with the ledger summing to the balances", async () => {
    const wallet = await get<{ balances: { currency: string; total: number }[] }>(`/players/${playerId}/wallet`, key);
    expect(wallet.body.balances.filter((b) => b.total !== 0)).toEqual([]);
    expect((await get<{ items: InventoryItem[] }>(`/players/${playerId}/inventory`, key)).body.items).toEqual([]);
    await assertLedgerInvariants(fx.game);
  });

  it("keeps the order with its country, VAT and amounts", async () => {
    expect((await getOrder(key, order.id)).body).toEqual(order);
    expect((await get<PlayerExport>(`/players/${playerId}/export`, key)).body.orders).toEqual([order]);
  });

  it("is recorded in the studio's audit log without a staff actor or personal data", async () => {
    const entry = await lastAudit(fx.studioId, "player.erase");
    expect(entry).toMatchObject({ staffId: null, staffEmail: null, gameId: fx.gameId, env, targetType: "player", targetId: playerId });
    expect(entry.after).toMatchObject({ erasedAt: first.body.erasedAt, tokensRevoked: 1, emailCodesDeleted: 1 });
    expect(typeof (entry.after as { apiKeyId?: unknown }).apiKeyId).toBe("string");
    expect(JSON.stringify([entry.before, entry.after])).not.toMatch(/alice/i);
  });

  it("answers the same summary again and writes nothing the second time", async () => {
    const ledgerCount = await ledgerCountOf(playerId);
    const audits = (await auditRowsOf(fx.studioId, "player.erase")).length;
    const updatedAt = (await playerRow(playerId)).updatedAt.toISOString();
    const again = await call<PlayerErasure>("POST", `/players/${playerId}/erase`, { key });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await ledgerCountOf(playerId)).toBe(ledgerCount);
    expect((await auditRowsOf(fx.studioId, "player.erase")).length).toBe(audits);
    expect((await playerRow(playerId)).updatedAt.toISOString()).toBe(updatedAt);
    // The old ext: id names no one any more.
    expect((await call("POST", `/players/${ref}/erase`, { key })).status).toBe(404);
  });

  it("lets a write with the old external id create a new player", async () => {
    const created = await call<{ id: string; externalId: string; displayName: string | null }>("PUT", `/players/${ref}`, { key, body: {} });
    expect(created.status).toBe(200);
    expect(created.body.id).not.toBe(playerId);
    expect(created.body).toMatchObject({ externalId: oldExternalId, displayName: null });
    expect((await get<{ balances: { total: number }[] }>(`/players/${ref}/wallet`, key)).body.balances.every((b) => b.total === 0)).toBe(true);
  });

  it("shows what is left in a later export", async () => {
    const exported = (await get<PlayerExport>(`/players/${playerId}/export`, key)).body;
    expect(exported.profile).toMatchObject({ externalId: `erased:${playerId}`, displayName: null, email: null, birthYear: null, blocked: true });
    expect(exported.inventory).toEqual([]);
    expect(exported.emailLinks).toEqual([]);
    expect(exported.wallet.balances).toEqual([
      { currency: "coins", paid: 0, bonus: 0, total: 0 },
      { currency: "gems", paid: 0, bonus: 0, total: 0 },
    ]);
  });
});

describe("erasing an anonymous (hosted) player", () => {
  it("keeps externalId null, removes the secret so it can no longer get a token", async () => {
    const created = await call<{ player: { id: string }; playerSecret: string }>("POST", "/client/players", {
      serviceKey: fx.game.publishableKey,
      body: { displayName: "Hosted Hana" },
      idempotencyKey: `anon-${Date.now()}`,
    });
    expect(created.status).toBe(201);
    const id = created.body.player.id;
    const erased = await call<PlayerErasure>("POST", `/players/${id}/erase`, { key });
    expect(erased.status).toBe(200);
    expect(erased.body.player).toMatchObject({ id, externalId: null, kind: "hosted", displayName: null, blocked: true });
    const token = await call("POST", "/client/players/token", {
      serviceKey: fx.game.publishableKey,
      body: { playerId: id, playerSecret: created.body.playerSecret },
      idempotencyKey: `tok-${Date.now()}`,
    });
    expect(token).toMatchObject({ status: 401, body: apiError("UNAUTHENTICATED") });
  });
});
