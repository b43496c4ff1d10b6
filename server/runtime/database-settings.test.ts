import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { useDatabase } from "@/tests/harness";
import { readDatabaseSettings, unsafeDatabaseSettings } from "./database-settings";

useDatabase();

const safe = { autovacuum: "on", fsync: "on", synchronous_commit: "on" };

describe("Postgres settings checked on a production start", () => {
  it("the defaults are safe, and so is every durable synchronous_commit", () => {
    expect(unsafeDatabaseSettings(safe)).toEqual([]);
    for (const value of ["remote_write", "remote_apply", "local"]) {
      expect(unsafeDatabaseSettings({ ...safe, synchronous_commit: value })).toEqual([]);
    }
  });

  it("names each unsafe setting with its value, what is expected and why", () => {
    expect(unsafeDatabaseSettings({ autovacuum: "off", fsync: "off", synchronous_commit: "off" })).toEqual([
      {
        setting: "autovacuum",
        value: "off",
        expected: "on",
        why: "planner statistics go stale and hot rows bloat: a money move's player look-up can pick a wrong index (1.7x the statement's CPU measured)",
      },
      { setting: "fsync", value: "off", expected: "on", why: "a power loss or OS crash can corrupt the cluster" },
      {
        setting: "synchronous_commit",
        value: "off",
        expected: "on or remote_write or remote_apply or local",
        why: "a crash loses money moves whose clients were already answered 200",
      },
    ]);
  });

  it("a setting the server does not report is not a problem", () => {
    expect(unsafeDatabaseSettings({ fsync: "on" })).toEqual([]);
  });

  it("reads the connected database's values, as SHOW gives them", async () => {
    const db = await getDb();
    const read = await readDatabaseSettings(db);
    const shown: Record<string, string> = {};
    for (const name of ["autovacuum", "fsync", "synchronous_commit"]) {
      const [row] = await queryRows<Record<string, string>>(db, sql.raw(`SHOW ${name}`));
      shown[name] = row?.[name] ?? "(missing)";
    }
    expect(read).toEqual(shown);
  });
});
