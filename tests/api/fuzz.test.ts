import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyOperation } from "@/server/api/operation";
import { operations } from "@/server/api/operations";
import { resetConfigForTests } from "@/server/lib/config";
import { errorStatus, type ErrorCode } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { ensurePlayer, gameIdOf } from "../domain-helpers";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";
import { call, createTestGame, extRef, idem, post, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { gameState, playerCount, type GameState } from "./fuzz/game-state";
import { caseArbitrary, type FuzzCase } from "./fuzz/request-cases";
import type { FieldHints } from "./fuzz/schema-values";

// Property-based fuzzing of every operation's request (docs/security.md, "Request bodies"): requests
// derived from each operation's zod schemas, some valid, most with one thing wrong. For every one:
// no 5xx; every refusal is SPEC's envelope with a SPEC code and that code's status; a refused request
// writes nothing (but the `ext:` player a refused write names, SPEC convention 6); a repeated
// idempotent request replays the first answer's bytes and writes nothing.
useDatabase();

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_123);
const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 2_000);
const RUNS_PER_OPERATION = Math.max(1, Math.round(TOTAL_CASES / operations.length));

const SPEC_CODES = [
  "VALIDATION_FAILED",
  "IDEMPOTENCY_KEY_REQUIRED",
  "UNAUTHENTICATED",
  "PAYMENT_FAILED",
  "FORBIDDEN",
  "PLAYER_BLOCKED",
  "NOT_FOUND",
  "CONFLICT",
  "IDEMPOTENCY_CONFLICT",
  "INSUFFICIENT_FUNDS",
  "LIMIT_REACHED",
  "PACK_NOT_AVAILABLE",
  "PACK_SOLD_OUT",
  "RATE_LIMITED",
] as const satisfies readonly ErrorCode[];
const Envelope = z.strictObject({
  error: z.strictObject({ code: z.enum(SPEC_CODES), message: z.string().min(1), details: z.record(z.string(), z.unknown()).optional() }),
});
const FieldErrorsDetails = z.object({ fieldErrors: z.record(z.string(), z.array(z.string()).min(1)) });
// Refusals that come after the player was resolved: the `ext:` player of the path may now exist.
const REFUSED_AFTER_RESOLVING = new Set(["NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "LIMIT_REACHED", "PACK_NOT_AVAILABLE", "PACK_SOLD_OUT", "PAYMENT_FAILED", "FORBIDDEN", "PLAYER_BLOCKED"]);
const DOMAIN_FIELD_ERRORS = new Set(["CODE_INVALID", "ORIGIN_MISMATCH"]);

type Sent = { method: string; path: string; headers: Record<string, string>; rawBody?: string | Uint8Array<ArrayBuffer> };
type Fixture = { game: TestGame; gameId: string; fundedRef: string; fundedId: string; token: string; orderId: string; anonymous: { id: string; secret: string } };
/** One game and what its requests compare against; its operations run one after another. */
type Lane = { fixture: Fixture; state: GameState; queue: Promise<unknown> };

// Operations run LANES at a time, each lane on a game of its own: a lane's fingerprint (gameState) only
// sees its own requests, so "a refused request wrote nothing" holds as when they ran one by one, and
// operation i always runs in lane i % LANES after the same operations, so a seed replays the same run.
// Five: Vitest runs at most five tests of a file at once (maxConcurrency).
const LANES = 5;
let lanes: Lane[];
let smtp: SmtpCapture;
const previous = new Map<string, { sent: Sent; response: ApiResponse }>();
const savedEnv = { server: process.env.SERVER_RATE_LIMIT_PER_MINUTE, client: process.env.CLIENT_RATE_LIMIT_PER_MINUTE };

async function createFixture(): Promise<Fixture> {
  const game = await createTestGame({
    catalog: {
      packs: [
        { sku: "p500", name: "500 Coins", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }] },
        { sku: "free", name: "Free", priceCents: 0, grants: [{ currency: "coins", amount: 10 }] },
      ],
    },
  });
  const fundedRef = extRef("fuzz-funded");
  for (const [path, body] of [
    ["wallet/grant", { currency: "coins", amount: 1_000_000 }],
    ["wallet/grant", { currency: "gems", amount: 1_000 }],
    ["inventory/grant", { sku: "potion", quantity: 1_000 }],
  ] as const) {
    expect((await post(`/players/${fundedRef}/${path}`, game.secretKey, body)).status).toBe(200);
  }
  const token = await call<{ token: string }>("POST", `/players/${fundedRef}/tokens`, { key: game.secretKey });
  const order = await post<{ order: { id: string } }>(`/players/${fundedRef}/checkouts`, game.secretKey, { packSku: "p500" });
  expect(order.status).toBe(201);
  const anonymous = await call<{ player: { id: string }; playerSecret: string }>("POST", "/client/players", { serviceKey: game.publishableKey, body: {} });
  return {
    game,
    gameId: await gameIdOf(game),
    fundedRef,
    fundedId: await ensurePlayer(game, fundedRef),
    token: token.body.token,
    orderId: order.body.order.id,
    anonymous: { id: anonymous.body.player.id, secret: anonymous.body.playerSecret },
  };
}

beforeAll(async () => {
  console.info(`fuzz: seed ${SEED}, ${RUNS_PER_OPERATION} cases for each of ${operations.length} operations (FUZZ_SEED, FUZZ_CASES to change)`);
  // The per-key and per-player limits would turn most of the run into 429s.
  process.env.SERVER_RATE_LIMIT_PER_MINUTE = "1000000";
  process.env.CLIENT_RATE_LIMIT_PER_MINUTE = "1000000";
  resetConfigForTests();
  resetRateLimits();
  smtp = await startSmtpCapture();
  lanes = await Promise.all(
    Array.from({ length: LANES }, async () => {
      const fixture = await createFixture();
      return { fixture, state: await gameState(fixture.gameId), queue: Promise.resolve() };
    }),
  );
});

afterAll(async () => {
  for (const [name, value] of [["SERVER_RATE_LIMIT_PER_MINUTE", savedEnv.server], ["CLIENT_RATE_LIMIT_PER_MINUTE", savedEnv.client]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
  resetRateLimits();
  await smtp.close();
});

/** Known values by field name, so that valid requests get past the catalog now and then. */
function hints(fixture: Fixture): FieldHints {
  return {
    currency: fc.constantFrom("coins", "gems", "old_coins", "nope"),
    sku: fc.constantFrom("potion", "sword", "shield", "draft-hat", "nope"),
    packSku: fc.constantFrom("p500", "free", "nope"),
    amount: fc.integer({ min: 1, max: 20 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    code: fc.constantFrom("NOPE-CODE", "x"),
    country: fc.constantFrom("BE", "FR", "DE", "be", "US"),
    email: fc.integer({ min: 1, max: 50 }).map((n) => `fuzz-${n}@example.com`),
    locale: fc.constantFrom("fr", "en", "nl", "xx"),
    playerId: fc.constantFrom(fixture.anonymous.id, "nope"),
    playerSecret: fc.constantFrom(fixture.anonymous.secret, "wrong"),
  };
}

function playerSegment(fixture: Fixture, c: FuzzCase): string {
  if (c.player === "funded") return fixture.fundedRef;
  if (c.player === "fresh") return extRef("fuzz");
  if (c.player === "serviceId") return fixture.fundedId;
  if (c.player === "unknownId") return "0".repeat(24);
  return c.malformedPlayer;
}

function authHeaders(fixture: Fixture, operation: AnyOperation, auth: FuzzCase["auth"]): Record<string, string> {
  if (auth === "missing") return {};
  const { game } = fixture;
  if (operation.auth === "secret") return { authorization: `Bearer ${auth === "wrong" ? "svc_sk_test_wrong" : game.secretKey}` };
  const serviceKey = { "x-service-key": game.publishableKey };
  if (operation.auth === "publishable") return auth === "wrong" ? { "x-service-key": "svc_pk_test_wrong" } : serviceKey;
  return { ...serviceKey, authorization: `Bearer ${auth === "wrong" ? "svc_pt_wrong" : fixture.token}` };
}

function idempotencyHeader(choice: FuzzCase["idempotencyKey"], last: Sent | undefined): Record<string, string> {
  if (choice === "missing") return {};
  if (choice === "empty") return { "idempotency-key": "" };
  if (choice === "tooLong") return { "idempotency-key": "k".repeat(101) };
  if (choice === "tab") return { "idempotency-key": "bad\tkey" };
  const lastKey = last?.headers["idempotency-key"];
  return { "idempotency-key": choice === "reuse" && lastKey ? lastKey : idem() };
}

function buildRequest(fixture: Fixture, operation: AnyOperation, c: FuzzCase): Sent {
  const last = previous.get(operation.id)?.sent;
  if (c.idempotencyKey === "repeat" && last) return last;
  const orderId = c.order === "known" ? fixture.orderId : c.order === "unknown" ? "0123456789abcdef01234567" : c.malformedOrder;
  const path = operation.path.replace("{player}", playerSegment(fixture, c)).replace("{orderId}", orderId) + c.query;
  const headers = { ...authHeaders(fixture, operation, c.auth), ...idempotencyHeader(c.idempotencyKey, last) };
  if (c.body.kind === "none") return { method: operation.method, path, headers };
  headers["content-type"] = c.contentType;
  const rawBody = c.body.kind === "json" ? JSON.stringify(c.body.value) : c.body.bytes;
  return { method: operation.method, path, headers, rawBody };
}

function describeCase(sent: Sent, c: FuzzCase, response: ApiResponse): string {
  const body = sent.rawBody === undefined ? "" : typeof sent.rawBody === "string" ? sent.rawBody.slice(0, 400) : Buffer.from(sent.rawBody).toString("hex").slice(0, 400);
  return `${sent.method} ${sent.path} [${c.body.label}] ${JSON.stringify(sent.headers)} ${body}\n→ ${response.status} ${response.text.slice(0, 600)}`;
}

/** May this refusal have created the `ext:` player its path names? Only a write refused after validation. */
function mayCreatePlayer(operation: AnyOperation, c: FuzzCase, envelope: z.infer<typeof Envelope>): boolean {
  if (operation.player !== "create" || c.player !== "fresh") return false;
  const { code, details } = envelope.error;
  if (REFUSED_AFTER_RESOLVING.has(code)) return true;
  const fieldErrors = FieldErrorsDetails.safeParse(details);
  return code === "VALIDATION_FAILED" && fieldErrors.success && Object.values(fieldErrors.data.fieldErrors).flat().every((m) => DOMAIN_FIELD_ERRORS.has(m));
}

async function checkCase(lane: Lane, operation: AnyOperation, c: FuzzCase): Promise<void> {
  const sent = buildRequest(lane.fixture, operation, c);
  const earlier = previous.get(operation.id);
  const repeated = earlier !== undefined && earlier.sent === sent;
  const response = await call(sent.method as "GET", sent.path, { headers: sent.headers, rawBody: sent.rawBody });
  const where = describeCase(sent, c, response);
  const before = lane.state;
  const state = await gameState(lane.fixture.gameId);
  lane.state = state;
  previous.set(operation.id, { sent, response });

  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) {
    const envelope = Envelope.safeParse(response.body);
    expect(envelope.success, `not SPEC's envelope: ${where}`).toBe(true);
    if (!envelope.success) return;
    expect(response.status, where).toBe(errorStatus[envelope.data.error.code]);
    if (envelope.data.error.code === "VALIDATION_FAILED") expect(FieldErrorsDetails.safeParse(envelope.data.error.details).success, where).toBe(true);
    expect(state.rest, `a refused request wrote: ${where}`).toEqual(before.rest);
    if (mayCreatePlayer(operation, c, envelope.data)) expect(playerCount(state) - playerCount(before), where).toBeLessThanOrEqual(1);
    else expect(state.players, `a refused request wrote a player: ${where}`).toBe(before.players);
    return;
  }
  expect(operation.response.safeParse(response.body).success, `answer outside its documented schema: ${where}`).toBe(true);
  if (repeated && operation.idempotent && earlier.response.status < 300) {
    expect(response.headers.get("idempotent-replayed"), where).toBe("true");
    expect(state, `a replay wrote: ${where}`).toEqual(before);
    // A checkout replays its order as it is now (SPEC); every other answer is the first one's bytes.
    if (!operation.id.toLowerCase().includes("checkout")) expect(response.text, where).toBe(earlier.response.text);
  }
}

/** Runs `work` after everything queued on the lane before it, failed or not. */
function inLane(lane: Lane, work: () => Promise<void>): Promise<void> {
  const run = lane.queue.then(work, work);
  lane.queue = run.catch(() => undefined);
  return run;
}

describe.concurrent(`fuzz: every operation's request (seed ${SEED})`, () => {
  operations.forEach((operation, index) => {
    it(`${operation.id}: no 5xx, refusals in the envelope write nothing, replays are the first bytes`, async () => {
      const lane = lanes[index % LANES];
      if (!lane) throw new Error(`no lane for operation ${index}`);
      await inLane(lane, () =>
        fc.assert(
          fc.asyncProperty(caseArbitrary(operation, hints(lane.fixture)), (c) => checkCase(lane, operation, c)),
          { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        ),
      );
    });
  });
});
