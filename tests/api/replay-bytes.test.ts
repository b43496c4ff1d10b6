import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { clientCall, meWrite, newAnonymous, waitFor } from "../client-helpers";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";
import { call, createTestGame, db, extRef, idem, post, useDatabase, type ApiResponse, type TestGame } from "../harness";

// SPEC: the same key and request returns "the original response". That is the original bytes: jsonb
// would have reordered the keys of metadata, so the stored text is kept as sent (docs/security.md).
useDatabase();

let game: TestGame;
let smtp: SmtpCapture;
beforeAll(async () => {
  [game, smtp] = await Promise.all([createTestGame(), startSmtpCapture()]);
});
afterAll(async () => {
  await smtp.close();
});

// Keys out of order, of different lengths (jsonb sorts by length, then bytes), one of them numeric.
const metadata = { zeta: "1", alpha: "22", mid: "333", b: "4", "10": "ten", "long.key-name_x": "y" };

async function storedText(key: string): Promise<string | undefined> {
  const rows = await queryRows<{ text: string }>(await db(), sql`select response_body::text as text from idempotency_records where key = ${key}`);
  return rows[0]?.text;
}

/** Sends the request twice with one key; the second must be a replay with the first's exact bytes. */
async function expectByteExactReplay(send: (key: string) => Promise<ApiResponse>, status = 200): Promise<ApiResponse> {
  const key = idem();
  const first = await send(key);
  expect(first.status).toBe(status);
  expect(first.headers.get("idempotent-replayed")).toBeNull();
  const replay = await send(key);
  expect(replay.status).toBe(status === 201 ? 200 : status);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.text).toBe(first.text);
  return first;
}

describe("a replay sends the first answer's bytes", () => {
  it("a grant on the batched path (funded player): the record keeps the statement's answer text, metadata in the same order", async () => {
    const ref = extRef();
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 })).status).toBe(200);
    let key = "";
    const first = await expectByteExactReplay((k) => {
      key = k;
      return post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, reason: "r", metadata }, k);
    });
    expect(await storedText(key)).toBe(first.text);
    // The text made in SQL (money_answer) is the bytes the ordinary path's JSON.stringify gives for that entry.
    const entry = first.body.entry as { id: string };
    const page = await call("GET", `/players/${ref}/ledger?limit=1`, { key: game.secretKey });
    const listed = (page.body as { entries: { id: string }[] }).entries[0];
    expect(listed?.id).toBe(entry.id);
    expect(first.text).toBe(JSON.stringify({ entry: listed, balance: first.body.balance }));
  });

  it("a spend on the batched path", async () => {
    const ref = extRef();
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 50 })).status).toBe(200);
    await expectByteExactReplay((key) => post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 3, metadata }, key));
  });

  it("a grant on the ordinary path (a new ext: player): the record keeps the answer's text as sent", async () => {
    const ref = extRef();
    let key = "";
    const first = await expectByteExactReplay((k) => {
      key = k;
      return post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, metadata }, k);
    });
    expect(await storedText(key)).toBe(first.text);
  });

  it("both paths answer metadata in one order: code-point order after the numeric keys", async () => {
    const ref = extRef();
    const ordinary = await post<{ entry: { metadata: object } }>(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, metadata });
    const fast = await post<{ entry: { metadata: object } }>(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, metadata });
    const order = ["10", "alpha", "b", "long.key-name_x", "mid", "zeta"];
    expect(Object.keys(ordinary.body.entry.metadata)).toEqual(order);
    expect(Object.keys(fast.body.entry.metadata)).toEqual(order);
  });

  it("integer-like keys: both paths and the ledger list send them in one order, byte for byte", async () => {
    // JSON.parse puts integer-like keys first whatever the text says, so this compares the texts.
    const numeric = { b: "c", "10": "ten", "2": "two" };
    const wanted = '"metadata":{"2":"two","10":"ten","b":"c"}';
    const ref = extRef();
    const ordinary = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, metadata: numeric });
    const batched = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1, metadata: numeric });
    const listed = await call("GET", `/players/${ref}/ledger?limit=2`, { key: game.secretKey });
    expect([ordinary.status, batched.status, listed.status]).toEqual([200, 200, 200]);
    expect(ordinary.text).toContain(wanted);
    expect(batched.text).toContain(wanted);
    expect(listed.text.split(wanted).length).toBe(3);
  });

  it("a move from the release before migration 0012 (no metadata_json) still gets the answer's text", async () => {
    // A rolling release: old instances send only the metadata object; the statement orders it itself.
    const ref = extRef();
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 })).status).toBe(200);
    const database = await db();
    const [ids] = await queryRows<{ game_id: string; player_id: string }>(
      database,
      sql`select g.id as game_id, p.id as player_id from games g join players p on p.game_id = g.id and p.env = 'test'
          where g.slug = ${game.slug} and p.external_id = ${ref.slice(4)}`,
    );
    const move = (key: string, withText: boolean) => ({
      game_id: ids?.game_id, env: "test", player_id: ids?.player_id, kind: "debit", currency: "coins", amount: 1, bonus_first: true,
      type: "spend", reason: null, metadata: { zeta: "1", alpha: "2" }, ...(withText ? { metadata_json: '{"alpha":"2","zeta":"1"}' } : {}),
      record: { principal: "server", key, fingerprint: "f", operation: "spendCurrency", status: 200 }, now: "2026-01-15T10:30:00.000Z",
    });
    const rows = await queryRows<{ idx: number; outcome: string; answer: string }>(
      database,
      sql`select * from money_move_batch(${JSON.stringify([move(idem(), false), move(idem(), true)])}::jsonb) order by idx`,
    );
    expect(rows.map((r) => r.outcome)).toEqual(["moved", "moved"]);
    rows.forEach((row, i) => {
      expect(row.answer).toContain('"metadata":{"alpha":"2","zeta":"1"},"ref":{},"createdAt":"2026-01-15T10:30:00.000Z"}');
      expect(JSON.parse(row.answer)).toMatchObject({ entry: { type: "spend", paidDelta: 0, bonusDelta: -1 }, balance: { paid: 0, bonus: 4 - i, total: 4 - i } });
    });
  });

  it("an item grant, a purchase and a gift of coins through the client spend route", async () => {
    const ref = extRef();
    await expectByteExactReplay((key) => post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "shield", quantity: 2 }, key));
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 500 })).status).toBe(200);
    await expectByteExactReplay((key) => post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion", quantity: 3 }, key));
    const token = await call<{ token: string }>("POST", `/players/${ref}/tokens`, { key: game.secretKey });
    await expectByteExactReplay((key) =>
      clientCall(game, "POST", "/me/wallet/spend", { token: token.body.token, idempotencyKey: key, body: { currency: "coins", amount: 2, reason: "ü" } }),
    );
  });

  it("a sign-in verification: the player secret and token sealed at rest come back in their places, byte for byte", async () => {
    const email = `replay-${idem()}@example.com`.toLowerCase();
    const anonymous = await newAnonymous(game);
    expect((await meWrite(game, anonymous.token, "/email", { email, locale: "en" })).status).toBe(200);
    const linkCode = await waitFor(() => (smtp.messages.some((m) => m.to.includes(email)) ? smtp.lastCodeFor(email) : undefined), "link code");
    expect((await meWrite(game, anonymous.token, "/email/verify", { email, code: linkCode })).status).toBe(200);
    const mailsBefore = smtp.messages.filter((m) => m.to.includes(email)).length;
    expect((await clientCall(game, "POST", "/sign-in/email", { idempotencyKey: true, body: { email, locale: "en" } })).status).toBe(200);
    const signInCode = await waitFor(
      () => (smtp.messages.filter((m) => m.to.includes(email)).length > mailsBefore ? smtp.lastCodeFor(email) : undefined),
      "sign-in code",
    );
    let key = "";
    const first = await expectByteExactReplay((k) => {
      key = k;
      return clientCall(game, "POST", "/sign-in/email/verify", { idempotencyKey: k, body: { email, code: signInCode } });
    });
    const stored = (await storedText(key)) ?? "";
    expect(stored).toMatch(/"sealed:v\d+:/);
    expect(stored).not.toContain(String(first.body.playerSecret));
  });
});
