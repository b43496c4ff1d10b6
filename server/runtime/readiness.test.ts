import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Handle } from "@/db/client";
import { getDb, openHandle } from "@/server/db/connection";
import { migrationsFolder } from "@/db/migrate";
import { config } from "@/server/lib/config";
import { useDatabase } from "@/tests/harness";
import { checkReadiness, defaultReadinessDeps, type ReadinessDeps } from "./readiness";
import { journalEntries } from "./migration-status";
import { serveReadiness } from "@/server/api/ready-endpoint";
import { pingRedis } from "./redis-ping";

useDatabase();

const quiet = { log: () => {} };
const deps = (overrides: Partial<ReadinessDeps> = {}): ReadinessDeps => ({ ...defaultReadinessDeps(), redisUrl: undefined, ...quiet, ...overrides });

const opened: Handle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

describe("readiness", () => {
  it("is ready when the database answers and every migration is applied (no Redis configured)", async () => {
    expect(await checkReadiness(deps())).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", redis: "not_configured" } });
  });

  it("answers over HTTP: 200 with the checks, JSON, never cached", async () => {
    const server = createServer((_req, res) => void serveReadiness(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ready`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      // REDIS_URL is unset in the test environment.
      expect(config().REDIS_URL).toBeUndefined();
      expect(await response.json()).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", redis: "not_configured" } });
    } finally {
      server.close();
    }
  });

  it("is not ready when the database does not answer (a dead port)", async () => {
    const dead = await openHandle({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", DATABASE_POOL_SIZE: 1, DATABASE_PREPARE: true, DATABASE_IDLE_SECONDS: 60, PGLITE_DATA_DIR: "memory://" });
    opened.push(dead);
    expect(await checkReadiness(deps({ db: async () => dead.db }))).toEqual({
      ready: false,
      checks: { database: "failed", migrations: "skipped", redis: "not_configured" },
    });
  });

  it("is not ready while a committed migration is not applied, and names it", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "gamecoin-journal-"));
    await mkdir(path.join(folder, "meta"));
    const entries = await journalEntries(migrationsFolder);
    const future = { idx: entries.length, version: "7", when: Date.now() + 365 * 24 * 3600 * 1000, tag: "9999_not_applied", breakpoints: true };
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries: [...entries, future] }));
    expect(await checkReadiness(deps({ migrationsFolder: folder }))).toEqual({
      ready: false,
      checks: { database: "ok", migrations: "failed", redis: "not_configured" },
      pendingMigrations: ["9999_not_applied"],
    });
  });

  it("is not ready while draining, without asking anything", async () => {
    let asked = false;
    const result = await checkReadiness(
      deps({
        draining: () => true,
        db: async () => {
          asked = true;
          return getDb();
        },
      }),
    );
    expect(result).toEqual({ ready: false, draining: true });
    expect(asked).toBe(false);
  });

  it("checks Redis when REDIS_URL is configured: ok when it answers, failed when it does not", async () => {
    expect(await checkReadiness(deps({ redisUrl: "redis://redis.test:6379", ping: async () => {} }))).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok", redis: "ok" },
    });
    // The real ping against a port nothing listens on.
    expect(await checkReadiness(deps({ redisUrl: "redis://127.0.0.1:1", ping: pingRedis, timeoutMs: 1_000 }))).toEqual({
      ready: false,
      checks: { database: "ok", migrations: "ok", redis: "failed" },
    });
  });

  it("gives up on a check that hangs after timeoutMs", async () => {
    const started = Date.now();
    const result = await checkReadiness(deps({ redisUrl: "redis://redis.test:6379", ping: () => new Promise(() => {}), timeoutMs: 200 }));
    expect(result).toEqual({ ready: false, checks: { database: "ok", migrations: "ok", redis: "failed" } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
