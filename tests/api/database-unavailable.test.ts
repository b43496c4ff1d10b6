import { createServer, type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as payPageAction } from "@/app/pay/[token]/[action]/route";
import { closeDb, getDb } from "@/server/db/connection";
import { runMigrations } from "@/server/db/connection";
import { errorAnswer } from "@/server/api/http";
import { resetConfigForTests } from "@/server/lib/config";
import { newId } from "@/server/lib/ids";
import { captureLogsForTests } from "@/server/observability/logger";
import { createCaller } from "@/server/trpc/root";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { checkout, createSalesGame, type CheckoutBody } from "../order-helpers";

useDatabase();

const UNAVAILABLE = {
  error: { code: "SERVICE_UNAVAILABLE", message: "The service is briefly unavailable; retry in a few seconds." },
};

// The refusals below are logged on purpose, for an operator: the tests read those lines rather than print them.
let logs: ReturnType<typeof captureLogsForTests>;
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  logs = captureLogsForTests("warn");
});
afterEach(() => {
  logs.stop();
  vi.restoreAllMocks();
});

/** The lines logged with `msg`, as [level, the error's message]. */
function logged(msg: string): [unknown, unknown][] {
  return logs.lines.filter((line) => line.msg === msg).map((line) => [line.level, (line.err as { message?: unknown } | undefined)?.message]);
}

function driverError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe("errors that mean the database refused or lost the connection answer 503", () => {
  const refusals: [string, unknown][] = [
    ["53300 too_many_connections", driverError("53300", "sorry, too many clients already")],
    ["57P03 cannot_connect_now", driverError("57P03", "the database system is starting up")],
    ["57P01 admin_shutdown", driverError("57P01", "terminating connection due to administrator command")],
    ["08006 connection_failure", driverError("08006")],
    ["ECONNREFUSED", driverError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["postgres.js CONNECT_TIMEOUT", driverError("CONNECT_TIMEOUT", "write CONNECT_TIMEOUT 127.0.0.1:5432")],
    ["postgres.js CONNECTION_CLOSED", driverError("CONNECTION_CLOSED")],
    ["drizzle's wrapper around 53300", new Error("Failed query: select 1", { cause: driverError("53300") })],
    ["Node's AggregateError for a host with two addresses", new AggregateError([driverError("ECONNREFUSED"), driverError("ECONNREFUSED")])],
  ];
  it.each(refusals)("%s", (_name, error) => {
    const answer = errorAnswer(error, { Vary: "Origin" });
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatchObject({ "Retry-After": "2", Vary: "Origin", "Cache-Control": "no-store" });
    expect(JSON.parse(answer.body ?? "")).toEqual(UNAVAILABLE);
    // The driver's own error reaches the log, once; the client sees only the envelope.
    expect(logged("database unavailable")).toEqual([["error", error instanceof Error ? error.message : undefined]]);
  });

  const bugs: [string, unknown][] = [
    ["a plain Error", new Error("bug")],
    ["23505 unique_violation", driverError("23505")],
    ["23514 check_violation", driverError("23514")],
    ["42P01 undefined_table", driverError("42P01")],
    ["a thrown string", "ECONNREFUSED"],
  ];
  it.each(bugs)("but %s stays a 500", (_name, error) => {
    const answer = errorAnswer(error);
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body ?? "")).toMatchObject({ error: { code: "INTERNAL_ERROR" } });
    expect(answer.headers).not.toHaveProperty("Retry-After");
    expect(logged("unexpected error")).toHaveLength(1);
    expect(logged("database unavailable")).toEqual([]);
  });
});

/** A port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every request of `run` goes to `url`, through the process's one pool, which is reopened around it. */
async function withDatabaseAt(url: string, run: () => Promise<void>): Promise<void> {
  const original = process.env.DATABASE_URL;
  await closeDb();
  process.env.DATABASE_URL = url;
  resetConfigForTests();
  try {
    await run();
  } finally {
    await closeDb();
    if (original === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = original;
    resetConfigForTests();
    // An in-memory PGlite database is gone once closed; Postgres just skips applied migrations.
    await runMigrations();
  }
}

describe("a database that refuses connections, for real", () => {
  let game: TestGame;
  let token = "";
  let refusedRole = "";

  beforeAll(async () => {
    game = await createSalesGame();
    const response = await checkout<CheckoutBody>(game.secretKey, extRef("buyer"), { packSku: "p500" });
    token = response.body.checkoutUrl.split("/pay/")[1] ?? "";
    if (process.env.DATABASE_URL) {
      // A role allowed no connection at all: Postgres refuses it with 53300, as when max_connections is used up.
      refusedRole = `gc_refused_${newId()}`;
      await (await getDb()).execute(sql.raw(`CREATE ROLE "${refusedRole}" LOGIN CONNECTION LIMIT 0`));
    }
  });
  afterAll(async () => {
    if (refusedRole) await (await getDb()).execute(sql.raw(`DROP ROLE IF EXISTS "${refusedRole}"`));
  });

  async function expectApiUnavailable(): Promise<void> {
    const read = await get(`/players/${extRef()}/wallet`, game.secretKey);
    expect(read.status).toBe(503);
    expect(read.headers.get("retry-after")).toBe("2");
    expect(read.body).toEqual(UNAVAILABLE);
    const write = await post(`/players/${extRef()}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 });
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);
    // Each request's own line says 503, at level error, with its route.
    const requestLines = logs.lines.filter((line) => line.msg === "request failed").map((line) => [line.level, line.route, line.status]);
    expect(requestLines).toEqual([
      ["error", "/api/v1/players/{player}/wallet", 503],
      ["error", "/api/v1/players/{player}/wallet/grant", 503],
    ]);
  }

  it.skipIf(!process.env.DATABASE_URL)("too many connections (53300): the API answers 503 with Retry-After, reads and writes", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.username = refusedRole;
    url.password = "";
    await withDatabaseAt(url.toString(), expectApiUnavailable);
  });

  it("connection refused (nothing listens): the API answers 503 with Retry-After", async () => {
    await withDatabaseAt(`postgres://postgres@127.0.0.1:${await closedPort()}/gamecoin`, expectApiUnavailable);
  });

  it("the payment page's form action answers 503 with a message in the buyer's language", async () => {
    await withDatabaseAt(`postgres://postgres@127.0.0.1:${await closedPort()}/gamecoin`, async () => {
      const request = new Request(`http://localhost:3000/pay/${token}/pay`, {
        method: "POST",
        headers: { "Accept-Language": "nl-BE,nl;q=0.9" },
        body: new URLSearchParams({ country: "BE" }),
      });
      const response = await payPageAction(request, { params: Promise.resolve({ token, action: "pay" }) });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe("De dienst is even niet beschikbaar. Probeer het over een paar seconden opnieuw.");
    });
  });

  it("a dashboard procedure fails with tRPC's SERVICE_UNAVAILABLE (HTTP 503), not an internal error", async () => {
    await withDatabaseAt(`postgres://postgres@127.0.0.1:${await closedPort()}/gamecoin`, async () => {
      const staff = { id: newId(), studioId: newId(), email: "viewer@studio.test", name: "Viewer", role: "viewer" as const };
      const failure = await createCaller({ db: await getDb(), staff })
        .audit.filters()
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TRPCError);
      expect(failure).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE.error.message });
    });
  });

  it("once the database answers again, so does the API", async () => {
    const fresh = await createTestGame();
    const response = await get("/catalog", fresh.secretKey);
    expect(response.status).toBe(200);
  });
});
