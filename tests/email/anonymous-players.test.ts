import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "@/server/db/connection";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { setPasswordHashCostForTests, verifyPassword } from "@/server/lib/passwords";
import { CreateAnonymousPlayerRequest, createAnonymousPlayer } from "@/server/players/anonymous-player";
import { tokenHolder } from "@/server/players/authenticate-player-token";
import { ClientPlayerTokenRequest, createClientPlayerToken } from "@/server/players/client-player-token";
import { resolvePlayer } from "@/server/players/find-player";
import { blockPlayer, testScope } from "../domain-helpers";
import { createTestGame, useDatabase } from "../harness";
import { TEST_PASSWORD_HASH_COST } from "../support/password-cost";
import { appError, freshIp, inTransaction, newAnonymous, playerRow } from "./email-helpers";

// Files of this project share a module graph per worker: an earlier file may have loaded the modules
// that import passwords, so they are loaded again here, after the mock below is in place.
vi.hoisted(() => vi.resetModules());

// Counts password verifications without changing them: every refusal must run exactly one.
vi.mock("@/server/lib/passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/lib/passwords")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

useDatabase();

// The modules were loaded again above, at the production scrypt cost: the suite's lower cost, but for the
// tests that check the stored hash's cost and the time a refusal takes (useProductionPasswordCost).
beforeAll(() => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST));

function useProductionPasswordCost(): void {
  setPasswordHashCostForTests(undefined);
  onTestFinished(() => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST));
}

let scope: GameScope;
let disabledScope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
  disabledScope = await testScope(await createTestGame({ settings: { anonymousPlayers: false } }));
});

beforeEach(() => {
  resetRateLimits();
  vi.mocked(verifyPassword).mockClear();
});

describe("createAnonymousPlayer", () => {
  it("creates a hosted player with a secret stored as a scrypt hash, and a first token", async () => {
    useProductionPasswordCost();
    const created = await newAnonymous(scope, "  Nova  ");
    expect(created.player).toMatchObject({ kind: "hosted", externalId: null, displayName: "Nova", blocked: false, country: null });
    expect(created.player.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.playerSecret).toMatch(/^svc_ps_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatch(/^svc_pt_/);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const row = await playerRow(created.player.id);
    expect(row.secretHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.secretHash).not.toContain(created.playerSecret);
    expect(await verifyPassword(created.playerSecret, row.secretHash ?? "")).toBe(true);
    expect((await tokenHolder(await getDb(), scope, created.token))?.playerId).toBe(created.player.id);
  });

  it("creates a new player on every call; displayName is optional", async () => {
    const a = await newAnonymous(scope);
    const b = await newAnonymous(scope);
    expect(a.player.id).not.toBe(b.player.id);
    expect(a.player.displayName).toBeNull();
  });

  it("validates the body strictly", () => {
    expect(CreateAnonymousPlayerRequest.safeParse({}).success).toBe(true);
    expect(CreateAnonymousPlayerRequest.safeParse({ displayName: "   " }).success).toBe(false);
    expect(CreateAnonymousPlayerRequest.safeParse({ displayName: "x".repeat(81) }).success).toBe(false);
    expect(CreateAnonymousPlayerRequest.safeParse({ displayName: "ok", email: "a@b.co" }).success).toBe(false);
  });

  it("answers 403 FORBIDDEN when the game disables anonymous players", async () => {
    const error = await appError(
      inTransaction((tx) => createAnonymousPlayer(tx, disabledScope, { request: {}, settings: { anonymousPlayers: false }, clientIp: freshIp() })),
    );
    expect(error.code).toBe("FORBIDDEN");
  });

  it("allows 30 creations per hour per IP, then 429 RATE_LIMITED with Retry-After", async () => {
    const ip = freshIp();
    const create = (clientIp: string) => inTransaction((tx) => createAnonymousPlayer(tx, scope, { request: {}, settings: { anonymousPlayers: true }, clientIp }));
    for (let i = 0; i < 30; i += 1) await create(ip);
    const error = await appError(create(ip));
    expect(error.code).toBe("RATE_LIMITED");
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(3500);
    // Another address is not affected.
    await expect(create(freshIp())).resolves.toMatchObject({ player: { kind: "hosted" } });
  }, 60_000);
});

describe("createClientPlayerToken", () => {
  it("gives a token for the right secret", async () => {
    const created = await newAnonymous(scope);
    const token = await inTransaction((tx) =>
      createClientPlayerToken(tx, scope, { playerId: created.player.id, playerSecret: created.playerSecret }),
    );
    expect(token.token).toMatch(/^svc_pt_/);
    expect((await tokenHolder(await getDb(), scope, token.token))?.playerId).toBe(created.player.id);
    // Ids are matched case-insensitively, like everywhere else.
    await expect(
      inTransaction((tx) => createClientPlayerToken(tx, scope, { playerId: created.player.id.toUpperCase(), playerSecret: created.playerSecret })),
    ).resolves.toMatchObject({ token: expect.stringMatching(/^svc_pt_/) });
  });

  it("answers the same 401 for a wrong secret, an unknown player and an ext: player, each after one password check", async () => {
    useProductionPasswordCost();
    const created = await newAnonymous(scope);
    const external = await resolvePlayer(await getDb(), scope, { ref: { kind: "external", externalId: `ext-${created.player.id}` }, createExternal: true });
    const attempts = {
      wrongSecret: { playerId: created.player.id, playerSecret: `${created.playerSecret}x` },
      unknownPlayer: { playerId: "0".repeat(24), playerSecret: created.playerSecret },
      externalPlayer: { playerId: external.id, playerSecret: created.playerSecret },
      otherGame: { playerId: created.player.id, playerSecret: created.playerSecret },
    };
    const errors: AppError[] = [];
    for (const [name, input] of Object.entries(attempts)) {
      const target = name === "otherGame" ? disabledScope : scope;
      vi.mocked(verifyPassword).mockClear();
      const started = performance.now();
      errors.push(await appError(inTransaction((tx) => createClientPlayerToken(tx, target, input))));
      const elapsed = performance.now() - started;
      // SECURITY: one scrypt run in every case, so the refusals take alike long (~tens of ms each).
      expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(1);
      expect(elapsed).toBeGreaterThan(5);
    }
    for (const error of errors) {
      expect(error.code).toBe("UNAUTHENTICATED");
      expect(error.message).toBe(errors[0]?.message);
      expect(error.details).toBeUndefined();
    }
  });

  it("answers 403 PLAYER_BLOCKED to a blocked player with the right secret", async () => {
    const created = await newAnonymous(scope);
    await blockPlayer(created.player.id);
    const error = await appError(
      inTransaction((tx) => createClientPlayerToken(tx, scope, { playerId: created.player.id, playerSecret: created.playerSecret })),
    );
    expect(error.code).toBe("PLAYER_BLOCKED");
  });

  it("bounds playerId to 1..64 and playerSecret to 1..200 characters", () => {
    const ok = { playerId: "a", playerSecret: "b" };
    expect(ClientPlayerTokenRequest.safeParse(ok).success).toBe(true);
    expect(ClientPlayerTokenRequest.safeParse({ ...ok, playerId: "" }).success).toBe(false);
    expect(ClientPlayerTokenRequest.safeParse({ ...ok, playerId: "a".repeat(65) }).success).toBe(false);
    expect(ClientPlayerTokenRequest.safeParse({ ...ok, playerSecret: "" }).success).toBe(false);
    expect(ClientPlayerTokenRequest.safeParse({ ...ok, playerSecret: "b".repeat(201) }).success).toBe(false);
    expect(ClientPlayerTokenRequest.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
