/**
 * A CSV export of 200,000 orders from the built server, started as production starts it (`npm start`:
 * --max-old-space-size=256 --max-semi-space-size=8): the file arrives whole, row for row, while the
 * server's memory stays bounded (the export streams from a cursor; it once built the whole file in memory
 * and three such exports killed the process). Needs `npm run build` first.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, seed, type OpsDatabase } from "./support/scale/database";
import { ROOT_DIR, startInstance, type Instance } from "./support/scale/instance";
import { signedInCookie } from "./support/scale/staff-session";

const PORT = Number(process.env.OPS_EXPORT_PORT ?? 4240);
const ORDERS = 200_000;
const owner = { email: "owner@ops-export.test", password: `pw-${randomBytes(12).toString("hex")}` };
const AUTH_SECRET = randomBytes(32).toString("hex");

let database: OpsDatabase;
let instance: Instance;
let gameId = "";

function fixture(): unknown {
  return {
    studio: { name: "Ops Export Studio" },
    staff: [{ email: owner.email, name: "Owner", password: owner.password, role: "owner" }],
    games: [
      {
        slug: "ops-export",
        name: "Ops export",
        catalog: {
          currencies: [{ code: "coins", name: "Coins", purchasable: true }],
          items: [],
          packs: [{ sku: "p100", name: "100 Coins", priceCents: 99, grants: [{ currency: "coins", amount: 100, bonus: 0 }], items: [], availability: null }],
        },
        environments: { test: { secretKey: `svc_sk_test_${randomBytes(16).toString("hex")}`, players: [{ ref: "ext:buyer", displayName: "Buyer, \"the\" =one" }] } },
      },
    ],
  };
}

/** Resident memory (kB) of every process of the instance's group whose command line runs the server. */
async function serverRssKb(): Promise<number> {
  let total = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.includes("dist/server.js")) continue;
      const environ = await readFile(`/proc/${pid}/environ`, "utf8");
      if (!environ.includes(`PORT=${PORT}\u0000`)) continue;
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // a process that ended meanwhile
    }
  }
  return total;
}

beforeAll(async () => {
  database = await createDatabase("export");
  await seed(database.url, fixture(), { AUTH_SECRET });
  const [game] = await database.sql<{ id: string }[]>`select id from games where slug = 'ops-export'`;
  const [player] = await database.sql<{ id: string }[]>`select id from players where external_id = 'buyer'`;
  gameId = game?.id ?? "";
  // 200,000 fulfilled orders in one statement, one a minute back from now.
  await database.sql`
    insert into orders (id, game_id, env, player_id, status, pack_sku, pack_name, grants, items, amount_cents, country,
                        vat_rate_bp, vat_cents, net_cents, checkout_token_hash, provider, created_at, expires_at, updated_at, paid_at)
    select 'ops' || lpad(n::text, 21, '0'), ${gameId}, 'test', ${player?.id ?? ""}, 'fulfilled', 'p100', '100 Coins',
           '[{"currency":"coins","amount":100,"bonus":0}]'::jsonb, '[]'::jsonb, 99, 'BE', 2100, 17, 82,
           md5(n::text), 'simulator', now() - n * interval '1 minute', now() - n * interval '1 minute' + interval '30 minutes',
           now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, ${ORDERS}) as n`;
  await database.sql`analyze orders`;
  instance = await startInstance({
    name: "export",
    port: PORT,
    env: { DATABASE_URL: database.url, AUTH_SECRET, PUBLIC_URL: `http://127.0.0.1:${PORT}`, SCHEDULER: "off", DATABASE_POOL_SIZE: "4", LOG_LEVEL: "warn" },
    logDir: path.join(ROOT_DIR, "test-results", "ops"),
  });
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  await database?.drop();
}, 60_000);

describe("a CSV export of 200,000 orders under the production memory flags", () => {
  it("streams every row while the server's memory stays bounded; three at once from two members' worth of slots", async () => {
    const cookie = await signedInCookie(instance.url, owner.email, owner.password);
    const baseline = await serverRssKb();
    expect(baseline).toBeGreaterThan(0);
    let peak = baseline;
    const sampler = setInterval(() => void serverRssKb().then((kb) => (peak = Math.max(peak, kb))), 100);
    try {
      const download = async () => {
        const response = await fetch(`${instance.url}/api/exports/orders?gameId=${gameId}&env=test`, { headers: { cookie } });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-test-\d{4}-\d{2}-\d{2}\.csv"$/);
        // Read as it arrives, slowly enough that a server building the whole file would hold it.
        const reader = response.body?.getReader();
        if (!reader) throw new Error("no body");
        const decoder = new TextDecoder();
        let lines = 0;
        let tail = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const text = tail + decoder.decode(value, { stream: true });
          const parts = text.split("\r\n");
          tail = parts.pop() ?? "";
          lines += parts.length;
        }
        return { lines, tail };
      };
      // Two exports at once (one member's two slots); a third is refused while they run.
      const running = [download(), download()];
      await new Promise((resolve) => setTimeout(resolve, 300));
      const third = await fetch(`${instance.url}/api/exports/orders?gameId=${gameId}&env=test`, { headers: { cookie } });
      expect(third.status).toBe(429);
      expect(((await third.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
      const results = await Promise.all(running);
      for (const result of results) expect(result).toEqual({ lines: ORDERS + 1, tail: "" });
    } finally {
      clearInterval(sampler);
    }
    console.log(`[export-memory] server RSS: ${Math.round(baseline / 1024)} MB before, ${Math.round(peak / 1024)} MB at most during two exports of ${ORDERS} orders`);
    // The 256 MB old space caps the heap; what matters is that the file never sits in it.
    expect(peak - baseline).toBeLessThan(120 * 1024);
    expect(peak).toBeLessThan(330 * 1024);
    const answer = await fetch(`${instance.url}/api/health`);
    expect(answer.status).toBe(200);
  }, 240_000);
});
