import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "@/db/client";
import { idempotencyRecords } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { dayPartitionName, dropExpiredPartitions, ensurePartitions, listPartitions } from "@/server/idempotency/partitions";
import { claimInTransaction, findRecord } from "@/server/idempotency/records";
import { cleanup } from "@/server/jobs/cleanup";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { useDatabase } from "@/tests/harness";

useDatabase();

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
/** Noon UTC today: every age below falls on a known day whatever time the suite runs. */
const NOON = Math.floor(Date.now() / DAY) * DAY + 12 * HOUR;

/** A game id of this test's own, so rows of other files in the worker's database never count. */
let gameId: string;
let db: Db;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => {
  clock.reset();
});

async function insertAt(key: string, createdAtMs: number): Promise<void> {
  await db
    .insert(idempotencyRecords)
    .values({ gameId, env: "test", principal: "server", key, fingerprint: "f", operation: "op", responseStatus: 200, responseBody: {}, createdAt: new Date(createdAtMs) })
    .onConflictDoNothing();
}

async function rowsOf(): Promise<{ key: string; partition: string }[]> {
  return queryRows<{ key: string; partition: string }>(
    db,
    sql`select key, tableoid::regclass::text as partition from idempotency_records where game_id = ${gameId} order by key, created_at`,
  );
}

function dayOf(ms: number): Date {
  return new Date(Math.floor(ms / DAY) * DAY);
}

describe("idempotency record partitions", () => {
  beforeAll(() => {
    gameId = `g-${newId()}`;
  });

  it("makes today's and the next 7 days' partitions, moving rows of those days out of the default partition", async () => {
    const far = Date.parse("2031-03-10T12:00:00.000Z");
    // 2031-03-12 has no partition yet: the row goes to the default one.
    await insertAt("early-bird", far + 2 * DAY);
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_default" }]);

    const created = await ensurePartitions(db, far);
    expect(created).toEqual(Array.from({ length: 8 }, (_, i) => dayPartitionName(new Date(dayOf(far).getTime() + i * DAY))));
    expect(created[0]).toBe("idempotency_records_p20310310");
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_p20310312" }]);
    // Made once: a second run (or a second instance) makes nothing.
    expect(await ensurePartitions(db, far)).toEqual([]);

    // 31 days after 2031-03-11 ended, that day and the one before are past their 30 days; the 12th is not.
    // (Today's days go as well: they are made again below.)
    const dropped = await dropExpiredPartitions(db, Date.parse("2031-04-11T00:00:00.000Z"));
    expect(dropped.filter((name) => name.includes("2031"))).toEqual(["idempotency_records_p20310310", "idempotency_records_p20310311"]);
    const names = (await listPartitions(db)).map((p) => p.name);
    expect(names).not.toContain("idempotency_records_p20310311");
    expect(names).toContain("idempotency_records_p20310312");
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_p20310312" }]);

    // The rest goes too, so the worker's database keeps only days around today.
    expect(await dropExpiredPartitions(db, Date.parse("2031-05-01T00:00:00.000Z"))).toEqual(
      Array.from({ length: 6 }, (_, i) => `idempotency_records_p203103${String(12 + i).padStart(2, "0")}`),
    );
    expect(await rowsOf()).toEqual([]);
    expect(await ensurePartitions(db, Date.now())).toHaveLength(8);
  });

  it("the cleanup drops the expired days, deletes the expired rows outside day partitions, and keeps every live record", async () => {
    gameId = `g-${newId()}`;
    clock.freeze(new Date(NOON));
    // Day partitions for 40 to 33 days ago, and from 31 days ago on (as if the server had run then).
    await ensurePartitions(db, NOON - 40 * DAY);
    await ensurePartitions(db, NOON - 31 * DAY, 31 + 7);
    await insertAt("a-40-days", NOON - 40 * DAY); // expired, in a day partition that ended 39 days ago
    await insertAt("b-33-days", NOON - 33 * DAY); // expired, day partition
    await insertAt("c-32-days", NOON - 32 * DAY); // expired, no day partition: the default one
    await insertAt("d-31-days", NOON - 31 * DAY); // expired, its day ended 30.5 days ago: dropped
    await insertAt("e-30-days-1h", NOON - 30 * DAY - HOUR); // expired, but its day still holds live keys
    await insertAt("f-30-days+1h", NOON - 30 * DAY + HOUR); // live, same day
    await insertAt("g-now", NOON); // live
    await insertAt("h-in-2040", Date.parse("2040-01-01T00:00:00.000Z")); // live, default partition

    const counts = await cleanup(db);
    expect(counts.idempotencyRecords).toBeGreaterThanOrEqual(1);
    expect(counts.idempotencyDaysDropped).toBeGreaterThanOrEqual(4);
    const left = await rowsOf();
    expect(left.map((row) => row.key)).toEqual(["e-30-days-1h", "f-30-days+1h", "g-now", "h-in-2040"]);
    expect(left.find((row) => row.key === "h-in-2040")?.partition).toBe("idempotency_records_default");
    // No day that could hold a live record was dropped; each expired one was.
    const days = (await listPartitions(db)).flatMap((p) => (p.kind === "day" ? [p.from.getTime()] : []));
    expect(Math.min(...days)).toBe(dayOf(NOON - 30 * DAY).getTime());
    expect(days).toContain(dayOf(NOON + 7 * DAY).getTime());

    // The row kept with its day is forgotten all the same; the live one answers.
    const scope = { gameId, env: "test" as const };
    expect(await findRecord(db, scope, "server", "e-30-days-1h")).toBeNull();
    expect(await findRecord(db, scope, "server", "f-30-days+1h")).toEqual({ fingerprint: "f", status: 200, text: "{}" });
  });

  it("one live record per key: a second one is skipped, one beside an expired record is written and read", async () => {
    gameId = `g-${newId()}`;
    const scope = { gameId, env: "test" as const };
    const claim = (fingerprint: string) => ({ principal: "server", key: "k", fingerprint, operation: "op", status: 201 });
    clock.freeze(new Date(NOON - 31 * DAY));
    expect(await claimInTransaction(db, scope, claim("first"), '{"n":1}')).toBe(true);
    // A day later, in another partition: the key is live, so nothing is written.
    clock.freeze(new Date(NOON - 30 * DAY));
    expect(await claimInTransaction(db, scope, claim("second"), '{"n":2}')).toBe(false);
    expect(await findRecord(db, scope, "server", "k")).toEqual({ fingerprint: "first", status: 201, text: '{"n":1}' });
    // 31 days on the first record is expired: the key is used anew.
    clock.freeze(new Date(NOON));
    expect(await findRecord(db, scope, "server", "k")).toBeNull();
    expect(await claimInTransaction(db, scope, claim("third"), '{"n":3}')).toBe(true);
    expect(await findRecord(db, scope, "server", "k")).toEqual({ fingerprint: "third", status: 201, text: '{"n":3}' });
    expect(await claimInTransaction(db, scope, claim("fourth"), '{"n":4}')).toBe(false);
  });

  // Two connections: only with Postgres (PGlite has one session).
  it.skipIf(!process.env.DATABASE_URL)("twins of a key on both sides of midnight: the second waits for the first and writes nothing", async () => {
    gameId = `g-${newId()}`;
    const midnight = dayOf(NOON).getTime() + DAY;
    await ensurePartitions(db, midnight);
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstInserted = () => {};
    const firstIsIn = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.insert(idempotencyRecords).values({ gameId, env: "test", principal: "server", key: "twin", fingerprint: "1", operation: "op", responseStatus: 200, responseBody: {}, createdAt: new Date(midnight - 1) });
      firstInserted();
      await firstHolds;
    });
    await firstIsIn;
    let secondDone = false;
    const second = db
      .insert(idempotencyRecords)
      .values({ gameId, env: "test", principal: "server", key: "twin", fingerprint: "2", operation: "op", responseStatus: 200, responseBody: {}, createdAt: new Date(midnight + 1) })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key })
      .then((rows) => {
        secondDone = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondDone).toBe(false);
    releaseFirst();
    await first;
    expect(await second).toEqual([]);
    const rows = await rowsOf();
    expect(rows).toEqual([{ key: "twin", partition: dayPartitionName(dayOf(midnight - 1)) }]);
  });
});
