import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { players, playerTokens } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/secrets";
import { call, createTestGame, db, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, blockPlayer, validationFailed } from "../domain-helpers";

useDatabase();

type Player = {
  id: string;
  externalId: string | null;
  kind: string;
  displayName: string | null;
  country: string | null;
  blocked: boolean;
  createdAt: string;
};

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});
afterEach(() => clock.reset());

const put = (ref: string, body?: unknown) => call<Player>("PUT", `/players/${ref}`, { key: game.secretKey, body });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("player references", () => {
  it("an ext: id with characters encoded once is decoded once", async () => {
    const own = `a/b c?d#e%f-${Date.now()}`;
    const ref = `ext:${encodeURIComponent(own)}`;
    const created = await put(ref);
    expect(created.status).toBe(200);
    expect(created.body.externalId).toBe(own);
    const read = await get<Player>(`/players/${ref}`, game.secretKey);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it("unicode ext: ids up to 128 characters are accepted", async () => {
    const own = "é".repeat(60) + "😀".repeat(60) + String(Date.now()).slice(-8);
    expect(Array.from(own)).toHaveLength(128);
    const created = await put(`ext:${encodeURIComponent(own)}`);
    expect(created.status).toBe(200);
    expect(created.body.externalId).toBe(own);
  });

  it("129 unicode characters are refused; an ext: id that looks like a service id stays an external id", async () => {
    const tooLong = await put(`ext:${encodeURIComponent("😀".repeat(129))}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual(validationFailed({ player: ["PLAYER_REF_INVALID"] }));
    const hexLike = `${Date.now().toString(16)}`.padStart(24, "0");
    const created = await put(`ext:${hexLike}`);
    expect(created.status).toBe(200);
    expect(created.body.externalId).toBe(hexLike);
    expect(created.body.id).not.toBe(hexLike);
    expect((await get(`/players/${hexLike}`, game.secretKey)).status).toBe(404);
  });

  it("a service id (any case of hex) reaches the player", async () => {
    const created = await put(extRef());
    const byId = await get<Player>(`/players/${created.body.id}`, game.secretKey);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(created.body);
    const upper = await get<Player>(`/players/${created.body.id.toUpperCase()}`, game.secretKey);
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(created.body.id);
  });

  it.each([
    ["double-encoded", "ext:a%252Fb"],
    ["129 characters", `ext:${"x".repeat(129)}`],
    ["a leading space", "ext:%20abc"],
    ["a trailing space", "ext:abc%20"],
    ["a trailing tab", "ext:abc%09"],
    ["empty after ext:", "ext:"],
    ["garbage", "player-1"],
    ["23 hex characters", "0123456789abcdef0123456"],
    ["25 hex characters", "0123456789abcdef012345678"],
    ["24 characters that are not hex", "0123456789abcdef0123456z"],
    ["malformed percent-encoding", "ext:%E0%A4%A"],
    ["a double-encoded colon", "ext%253Aabc"],
    ["an encoded colon, then an id encoded twice", "ext%3Aa%252Fb"],
    ["an encoded colon, then a malformed escape", "ext%3Aab%2"],
    ["an encoded colon in an upper-case prefix", "EXT%3Aabc"],
    ["upper-case prefix", "EXT:abc"],
    ["a NUL character", "ext:ab%00c"],
  ])("%s is 400 VALIDATION_FAILED with PLAYER_REF_INVALID, on reads and writes", async (_label, ref) => {
    const read = await get(`/players/${ref}`, game.secretKey);
    expect(read.status).toBe(400);
    expect(read.body).toEqual(validationFailed({ player: ["PLAYER_REF_INVALID"] }));
    const write = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1 });
    expect(write.status).toBe(400);
    expect(write.body).toEqual(validationFailed({ player: ["PLAYER_REF_INVALID"] }));
  });

  it("ext%3A and ext%3a (the colon percent-encoded, as RFC 6570 clients send it) name the same player as ext:", async () => {
    const own = `a/b:c ${Date.now()}`;
    const created = await put(`ext:${encodeURIComponent(own)}`);
    expect(created.status).toBe(200);
    for (const prefix of ["ext%3A", "ext%3a"]) {
      const read = await get<Player>(`/players/${prefix}${encodeURIComponent(own)}`, game.secretKey);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
    }
    type Balance = { currency: string; paid: number; bonus: number; total: number };
    const granted = await post<{ balance: Balance }>(`/players/ext%3A${encodeURIComponent(own)}/wallet/grant`, game.secretKey, { currency: "coins", amount: 7 });
    expect(granted.status).toBe(200);
    expect(granted.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 7, total: 7 });
    const wallet = await get<{ balances: Balance[] }>(`/players/ext:${encodeURIComponent(own)}/wallet`, game.secretKey);
    expect(wallet.body.balances).toContainEqual({ currency: "coins", paid: 0, bonus: 7, total: 7 });
  });

  it("128 plain characters are accepted", async () => {
    const own = `${Date.now()}`.padEnd(128, "x");
    const created = await put(`ext:${own}`);
    expect(created.status).toBe(200);
    expect(created.body.externalId).toBe(own);
  });

  it("an unknown service id is 404 on reads and on writes, and nothing is created", async () => {
    const unknown = "0123456789abcdef01234567";
    for (const path of ["", "/wallet", "/ledger", "/inventory"]) {
      const response = await get(`/players/${unknown}${path}`, game.secretKey);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    const writes = await Promise.all([
      put(unknown, { displayName: "Ann" }),
      call("POST", `/players/${unknown}/tokens`, { key: game.secretKey }),
      post(`/players/${unknown}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1 }),
      post(`/players/${unknown}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1 }),
      post(`/players/${unknown}/inventory/grant`, game.secretKey, { sku: "potion" }),
      post(`/players/${unknown}/inventory/consume`, game.secretKey, { sku: "potion" }),
      post(`/players/${unknown}/purchases`, game.secretKey, { sku: "potion" }),
    ]);
    for (const response of writes) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect(await (await db()).select().from(players).where(eq(players.id, unknown))).toEqual([]);
  });

  it("an unknown ext: player is 404 on every read and is not created by it", async () => {
    const ref = extRef();
    for (const path of ["", "/wallet", "/ledger", "/inventory"]) {
      const response = await get(`/players/${ref}${path}`, game.secretKey);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("a write on an unknown ext: player creates it as an external player", async () => {
    const own = `created-by-grant-${Date.now()}`;
    const grant = await post(`/players/ext:${own}/wallet/grant`, game.secretKey, { currency: "coins", amount: 3 });
    expect(grant.status).toBe(200);
    const read = await get<Player>(`/players/ext:${own}`, game.secretKey);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      externalId: own,
      kind: "external",
      displayName: null,
      country: null,
      blocked: false,
      createdAt: expect.stringMatching(ISO),
    });
  });

  it("a spend on an unknown ext: player creates it, then fails with INSUFFICIENT_FUNDS", async () => {
    const ref = extRef();
    const spend = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1 });
    expect(spend.status).toBe(409);
    expect(spend.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(200);
  });

  it("a refused write does not create the ext: player when validation fails first", async () => {
    const ref = extRef();
    const bad = await put(ref, { displayName: "" });
    expect(bad.status).toBe(400);
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });
});

describe("upsertPlayer", () => {
  it("creates an ext: player with the given fields and never returns email or birthYear", async () => {
    const ref = extRef();
    const before = Date.now();
    const created = await put(ref, { displayName: "  Ann  ", email: "Ann@Example.com", country: "be", birthYear: 1990 });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      externalId: decodeURIComponent(ref.slice(4)),
      kind: "external",
      displayName: "Ann",
      country: "BE",
      blocked: false,
      createdAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(created.body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await (await db()).select().from(players).where(eq(players.id, created.body.id));
    expect(row?.email).toBe("ann@example.com");
    expect(row?.birthYear).toBe(1990);
  });

  it("an empty body (or none) means {} and keeps every value; a second upsert returns the same player", async () => {
    const ref = extRef();
    const created = await put(ref, { displayName: "Bob", country: "FR" });
    const noBody = await put(ref);
    expect(noBody.status).toBe(200);
    expect(noBody.body).toEqual(created.body);
    const emptyObject = await put(ref, {});
    expect(emptyObject.status).toBe(200);
    expect(emptyObject.body).toEqual(created.body);
    const whitespace = await call<Player>("PUT", `/players/${ref}`, { key: game.secretKey, rawBody: "  \n " });
    expect(whitespace.status).toBe(200);
    expect(whitespace.body).toEqual(created.body);
  });

  it("a field left out keeps its value; null clears it", async () => {
    const ref = extRef();
    const created = await put(ref, { displayName: "Cleo", country: "NL", email: "cleo@example.com", birthYear: 2000 });
    const renamed = await put(ref, { displayName: "Cleo 2" });
    expect(renamed.body).toEqual({ ...created.body, displayName: "Cleo 2" });
    const cleared = await put(ref, { country: null, email: null, birthYear: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ ...created.body, displayName: "Cleo 2", country: null });
    const [row] = await (await db()).select().from(players).where(eq(players.id, created.body.id));
    expect(row?.email).toBeNull();
    expect(row?.birthYear).toBeNull();
    const nameCleared = await put(ref, { displayName: null });
    expect(nameCleared.body.displayName).toBeNull();
  });

  it("updates a player addressed by its service id", async () => {
    const created = await put(extRef(), { displayName: "Dan" });
    const updated = await put(created.body.id, { country: "de" });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created.body, country: "DE" });
  });

  it("displayName: 80 characters once trimmed pass; empty, blank and 81 are refused", async () => {
    const ref = extRef();
    const ok = await put(ref, { displayName: ` ${"n".repeat(80)} ` });
    expect(ok.status).toBe(200);
    expect(ok.body.displayName).toBe("n".repeat(80));
    for (const displayName of ["", "   ", "n".repeat(81), 5]) {
      const refused = await put(ref, { displayName });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(validationFailed({ displayName: [expect.any(String)] }));
    }
    expect((await get<Player>(`/players/${ref}`, game.secretKey)).body.displayName).toBe("n".repeat(80));
  });

  it("country must be two letters", async () => {
    for (const country of ["BEL", "B", "1A", "", 32]) {
      const refused = await put(extRef(), { country });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(validationFailed({ country: [expect.any(String)] }));
    }
    // Not checked against a country list.
    const unlisted = await put(extRef(), { country: "zz" });
    expect(unlisted.status).toBe(200);
    expect(unlisted.body.country).toBe("ZZ");
  });

  it("birthYear runs from 1900 to the current year", async () => {
    const thisYear = new Date().getUTCFullYear();
    for (const birthYear of [1900, thisYear]) expect((await put(extRef(), { birthYear })).status).toBe(200);
    for (const birthYear of [1899, thisYear + 1, 1990.5, "1990"]) {
      const refused = await put(extRef(), { birthYear });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(validationFailed({ birthYear: [expect.any(String)] }));
    }
  });

  it("birthYear follows the service clock", async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    clock.advance(366 * 24 * 60 * 60 * 1000);
    const accepted = await put(extRef(), { birthYear: nextYear });
    expect(accepted.status).toBe(200);
  });

  it("email must be a valid address of at most 254 characters", async () => {
    for (const email of ["nope", "a@", "@b.com", "a b@c.com", `${"a".repeat(64)}@${"b".repeat(186)}.com`, 7]) {
      const refused = await put(extRef(), { email });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(validationFailed({ email: [expect.any(String)] }));
    }
    expect((await put(extRef(), { email: "ok@example.com" })).status).toBe(200);
  });

  it("unknown fields, including read-only ones, are refused", async () => {
    for (const field of ["blocked", "kind", "externalId", "id", "createdAt"]) {
      const refused = await put(extRef(), { [field]: null });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(validationFailed({ [field]: [expect.any(String)] }));
    }
  });

  it("a blocked player can still be read and updated by the backend", async () => {
    const created = await put(extRef(), { displayName: "Eve" });
    await blockPlayer(created.body.id);
    const read = await get<Player>(`/players/${created.body.id}`, game.secretKey);
    expect(read.body.blocked).toBe(true);
    const updated = await put(created.body.id, { displayName: "Eve 2" });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created.body, displayName: "Eve 2", blocked: true });
  });
});

describe("createPlayerToken", () => {
  type Token = { token: string; expiresAt: string };

  it("issues a svc_pt_ token that expires one hour later, and stores only its hash", async () => {
    const ref = extRef();
    await put(ref);
    clock.freeze(new Date("2030-05-06T07:08:09.000Z"));
    const issued = await call<Token>("POST", `/players/${ref}/tokens`, { key: game.secretKey });
    expect(issued.status).toBe(200);
    expect(issued.headers.get("cache-control")).toBe("no-store");
    expect(issued.body).toEqual({ token: expect.stringMatching(/^svc_pt_[A-Za-z0-9_-]{20,}$/), expiresAt: "2030-05-06T08:08:09.000Z" });
    const rows = await (await db()).select().from(playerTokens).where(eq(playerTokens.tokenHash, sha256Hex(issued.body.token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt.toISOString()).toBe("2030-05-06T08:08:09.000Z");
    const plain = await (await db()).select().from(playerTokens).where(eq(playerTokens.tokenHash, issued.body.token));
    expect(plain).toEqual([]);
  });

  it("every call issues a new token and keeps the earlier ones", async () => {
    const ref = extRef();
    const first = await call<Token>("POST", `/players/${ref}/tokens`, { key: game.secretKey });
    const second = await call<Token>("POST", `/players/${ref}/tokens`, { key: game.secretKey });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.token).not.toBe(first.body.token);
    const player = await get<Player>(`/players/${ref}`, game.secretKey);
    const rows = await (await db()).select().from(playerTokens).where(eq(playerTokens.playerId, player.body.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
  });

  it("creates an unknown ext: player", async () => {
    const ref = extRef();
    const issued = await call<Token>("POST", `/players/${ref}/tokens`, { key: game.secretKey });
    expect(issued.status).toBe(200);
    const player = await get<Player>(`/players/${ref}`, game.secretKey);
    expect(player.status).toBe(200);
    expect(player.body.kind).toBe("external");
  });

  it("a blocked player gets 403 PLAYER_BLOCKED and no token", async () => {
    const created = await put(extRef());
    await blockPlayer(created.body.id);
    const refused = await call("POST", `/players/${created.body.id}/tokens`, { key: game.secretKey });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(apiError("PLAYER_BLOCKED"));
    expect(await (await db()).select().from(playerTokens).where(eq(playerTokens.playerId, created.body.id))).toEqual([]);
  });

  it("needs no Idempotency-Key", async () => {
    const issued = await call<Token>("POST", `/players/${extRef()}/tokens`, { key: game.secretKey, body: {} });
    expect(issued.status).toBe(200);
  });
});
