import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "@/db/client";
import { idempotencyRecords } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { dropExpiredPartitions, ensurePartitions, listPartitions, weekPartitionName, weekStart } from "@/server/idempotency/partitions";
import { claimInTransaction, findRecord } from "@/server/idempotency/records";
import { cleanup } from "@/server/jobs/cleanup";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { useDatabase } from "@/tests/harness";

useDatabase();

const DAY = 24 * 3_600_000;
const WEEK = 7 * DAY;
const HOUR = 3_600_000;
/** Wednesday noon UTC of this week: every age below falls in a known week whatever day the suite runs. */
const NOW = weekStart(Date.now()).getTime() + 2 * DAY + 12 * HOUR;
/** Monday 00:00 UTC of the week holding the 30-day cutoff: the oldest week that may hold a live key. */
const CUTOFF_WEEK = weekStart(NOW - 30 * DAY).getTime();

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


describe("idempotency record partitions", () => {
  beforeAll(() => {
    gameId = `g-${newId()}`;
  });

  it("makes this week's and the next 2 weeks' partitions, moving rows of those weeks out of the default partition", async () => {
    const far = Date.parse("2031-03-12T12:00:00.000Z"); // a Wednesday
    // 2031-03-20 has no partition yet: the row goes to the default one.
    await insertAt("early-bird", far + 8 * DAY);
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_default" }]);

    const created = await ensurePartitions(db, far);
    expect(created).toEqual(["idempotency_records_w20310310", "idempotency_records_w20310317", "idempotency_records_w20310324"]);
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_w20310317" }]);
    // Made once: a second run (or a second instance) makes nothing.
    expect(await ensurePartitions(db, far)).toEqual([]);

    // 30 days after the week of the 10th ended (on the 17th) it goes; the week of the 17th stays.
    // (This week's partitions go as well: they are made again below.)
    expect((await dropExpiredPartitions(db, Date.parse("2031-04-16T00:00:00.000Z") - 1)).filter((name) => name.includes("2031"))).toEqual([]);
    const dropped = await dropExpiredPartitions(db, Date.parse("2031-04-16T00:00:00.000Z"));
    expect(dropped.filter((name) => name.includes("2031"))).toEqual(["idempotency_records_w20310310"]);
    const names = (await listPartitions(db)).map((p) => p.name);
    expect(names).not.toContain("idempotency_records_w20310310");
    expect(names).toContain("idempotency_records_w20310317");
    expect(await rowsOf()).toEqual([{ key: "early-bird", partition: "idempotency_records_w20310317" }]);

    expect(await dropExpiredPartitions(db, Date.parse("2031-06-01T00:00:00.000Z"))).toEqual(["idempotency_records_w20310317", "idempotency_records_w20310324"]);
    expect(await rowsOf()).toEqual([]);
    expect(await ensurePartitions(db, Date.now())).toHaveLength(3);
  });

  it("a week has its primary key only; the default partition, whose expired rows are deleted, also has created_at", async () => {
    const indexes = await queryRows<{ partition: string; columns: string }>(
      db,
      sql`select c.relname as partition, string_agg(a.attname, ',' order by k.ord) as columns
          from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_index x on x.indrelid = c.oid
          cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
          where i.inhparent = 'idempotency_records'::regclass
          group by c.relname, x.indexrelid order by 1, 2`,
    );
    const week = weekPartitionName(weekStart(Date.now()));
    expect(indexes.filter((row) => row.partition === week).map((row) => row.columns)).toEqual(["game_id,env,principal,key,created_at"]);
    expect(indexes.filter((row) => row.partition === "idempotency_records_default").map((row) => row.columns)).toEqual([
      "created_at",
      "game_id,env,principal,key,created_at",
    ]);
  });

  it("a week detached but not dropped (a process stopped between the two steps) goes on the next run", async () => {
    const far = Date.parse("2032-03-10T12:00:00.000Z"); // a Wednesday
    expect(await ensurePartitions(db, far)).toEqual(["idempotency_records_w20320308", "idempotency_records_w20320315", "idempotency_records_w20320322"]);
    await db.execute(sql`alter table idempotency_records detach partition idempotency_records_w20320315`);
    const tableExists = async (name: string) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_class where relname = ${name}`))[0]?.n === 1;
    expect(await tableExists("idempotency_records_w20320315")).toBe(true);

    // Nothing of 2032 is expired now: only the leftover goes.
    expect((await dropExpiredPartitions(db, Date.now())).filter((name) => name.includes("2032"))).toEqual(["idempotency_records_w20320315"]);
    expect(await tableExists("idempotency_records_w20320315")).toBe(false);
    expect((await listPartitions(db)).map((p) => p.name).filter((name) => name.includes("2032"))).toEqual(["idempotency_records_w20320308", "idempotency_records_w20320322"]);

    expect(await dropExpiredPartitions(db, Date.parse("2032-06-01T00:00:00.000Z"))).toEqual(expect.arrayContaining(["idempotency_records_w20320308", "idempotency_records_w20320322"]));
    expect(await tableExists("idempotency_records_w20320308")).toBe(false);
    await ensurePartitions(db, Date.now());
  });

  it("the cleanup drops the expired weeks, deletes the expired rows outside week partitions, and keeps every live record", async () => {
    gameId = `g-${newId()}`;
    clock.freeze(new Date(NOW));
    // Week partitions from 2 weeks before the cutoff's week on (as if the server had run then), but none
    // for the week before that: its rows are in the default partition.
    await ensurePartitions(db, CUTOFF_WEEK - 2 * WEEK, 10);
    const expiredWeek = CUTOFF_WEEK - WEEK;
    await insertAt("a-default", CUTOFF_WEEK - 3 * WEEK + DAY); // expired, the default partition
    await insertAt("b-2-weeks-before", CUTOFF_WEEK - 2 * WEEK + DAY); // expired, its week dropped
    await insertAt("c-week-before", expiredWeek + 6 * DAY + 23 * HOUR); // expired, its week dropped
    await insertAt("d-expired-1h", NOW - 30 * DAY - HOUR); // expired, but its week still holds live keys
    await insertAt("e-live-1h", NOW - 30 * DAY + HOUR); // live, same week
    await insertAt("f-now", NOW); // live
    await insertAt("g-in-2040", Date.parse("2040-01-01T00:00:00.000Z")); // live, the default partition

    const counts = await cleanup(db);
    expect(counts.idempotencyRecords).toBeGreaterThanOrEqual(1);
    expect(counts.idempotencyWeeksDropped).toBeGreaterThanOrEqual(2);
    const left = await rowsOf();
    expect(left.map((row) => row.key)).toEqual(["d-expired-1h", "e-live-1h", "f-now", "g-in-2040"]);
    expect(left.find((row) => row.key === "g-in-2040")?.partition).toBe("idempotency_records_default");
    expect(left.find((row) => row.key === "e-live-1h")?.partition).toBe(weekPartitionName(new Date(CUTOFF_WEEK)));
    // No week that could hold a live record was dropped; each expired one was.
    const weeks = (await listPartitions(db)).flatMap((p) => (p.kind === "week" ? [p.from.getTime()] : []));
    expect(Math.min(...weeks)).toBe(CUTOFF_WEEK);
    expect(weeks).toContain(weekStart(NOW).getTime() + 2 * WEEK);

    // The row kept with its week is forgotten all the same; the live one answers.
    const scope = { gameId, env: "test" as const };
    expect(await findRecord(db, scope, { principal: "server", key: "d-expired-1h" })).toBeNull();
    expect(await findRecord(db, scope, { principal: "server", key: "e-live-1h" })).toEqual({ fingerprint: "f", status: 200, text: "{}" });
  });

  it("the window has one edge: a record exactly 30 days old is expired for the look-up, the trigger and the cleanup alike", async () => {
    gameId = `g-${newId()}`;
    const scope = { gameId, env: "test" as const };
    clock.freeze(new Date(NOW));
    await insertAt("edge", NOW - 30 * DAY);
    await insertAt("inside", NOW - 30 * DAY + 1);
    expect(await findRecord(db, scope, { principal: "server", key: "edge" })).toBeNull();
    expect(await findRecord(db, scope, { principal: "server", key: "inside" })).toEqual({ fingerprint: "f", status: 200, text: "{}" });
    // The trigger writes a new record beside the expired one and skips the key whose record is live.
    const claim = (key: string) => ({ principal: "server", key, fingerprint: "g", operation: "op", status: 201 });
    expect(await claimInTransaction(db, scope, { claim: claim("edge"), text: '{"n":1}' })).toBe(true);
    expect(await claimInTransaction(db, scope, { claim: claim("inside"), text: '{"n":2}' })).toBe(false);
    const [since] = await queryRows<{ since: Date }>(db, sql`select idempotency_live_since(${new Date(NOW).toISOString()}::timestamptz) as since`);
    expect(new Date(since?.since ?? 0).toISOString()).toBe(new Date(NOW - 30 * DAY).toISOString());
  });

  it("one live record per key: a second one is skipped, one beside an expired record is written and read", async () => {
    gameId = `g-${newId()}`;
    const scope = { gameId, env: "test" as const };
    const claim = (fingerprint: string) => ({ principal: "server", key: "k", fingerprint, operation: "op", status: 201 });
    clock.freeze(new Date(NOW - 31 * DAY));
    expect(await claimInTransaction(db, scope, { claim: claim("first"), text: '{"n":1}' })).toBe(true);
    // 29 days later, in another partition: the key is live, so nothing is written.
    clock.freeze(new Date(NOW - 2 * DAY));
    expect(await claimInTransaction(db, scope, { claim: claim("second"), text: '{"n":2}' })).toBe(false);
    expect(await findRecord(db, scope, { principal: "server", key: "k" })).toEqual({ fingerprint: "first", status: 201, text: '{"n":1}' });
    // 31 days on the first record is expired: the key is used anew.
    clock.freeze(new Date(NOW));
    expect(await findRecord(db, scope, { principal: "server", key: "k" })).toBeNull();
    expect(await claimInTransaction(db, scope, { claim: claim("third"), text: '{"n":3}' })).toBe(true);
    expect(await findRecord(db, scope, { principal: "server", key: "k" })).toEqual({ fingerprint: "third", status: 201, text: '{"n":3}' });
    expect(await claimInTransaction(db, scope, { claim: claim("fourth"), text: '{"n":4}' })).toBe(false);
  });

  // Two connections: only with Postgres (PGlite has one session).
  it.skipIf(!process.env.DATABASE_URL)("twins of a key on both sides of a week's end: the second waits for the first and writes nothing", async () => {
    gameId = `g-${newId()}`;
    const monday = weekStart(NOW).getTime() + WEEK;
    await ensurePartitions(db, NOW);
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstInserted = () => {};
    const firstIsIn = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.insert(idempotencyRecords).values({ gameId, env: "test", principal: "server", key: "twin", fingerprint: "1", operation: "op", responseStatus: 200, responseBody: {}, createdAt: new Date(monday - 1) });
      firstInserted();
      await firstHolds;
    });
    await firstIsIn;
    let secondDone = false;
    const second = db
      .insert(idempotencyRecords)
      .values({ gameId, env: "test", principal: "server", key: "twin", fingerprint: "2", operation: "op", responseStatus: 200, responseBody: {}, createdAt: new Date(monday + 1) })
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
    expect(await rowsOf()).toEqual([{ key: "twin", partition: weekPartitionName(weekStart(monday - 1)) }]);
  });
});
