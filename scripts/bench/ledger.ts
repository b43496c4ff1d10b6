/**
 * The ledger-page target of issue 15: a page (limit 100) of a player with 1,000,000 entries against one
 * of a player with 1,000, first page and a deep cursor page, sequentially and under concurrency.
 */
import type { Sql } from "./pg";
import { refSegment, type Target } from "./load";

export type LedgerPlayer = { ref: string; entries: number };
/** The two players whose pages are timed, and the cursor of each one's deep page (by ref). */
export type LedgerPages = { players: { small: LedgerPlayer; big: LedgerPlayer }; cursors: Record<string, string> };

/**
 * Writes `entries` ledger entries older than anything the player has, with one INSERT … SELECT
 * generate_series: alternating grant +1 / spend -1 (paid_after 1, 0, 1, …), so with an even count they
 * end at 0 and the player's later entries (its funding grant) still add up to the stored balance. Ids
 * follow the scheme of server/wallet/ledger-moves.ts (12 hex of milliseconds, 4 of the microsecond, 8
 * of a sequence), one millisecond apart, starting a day before now.
 */
export async function seedLedger(sql: Sql, player: LedgerPlayer): Promise<{ seconds: number }> {
  if (player.entries % 2 !== 0) throw new Error("seedLedger: an even number of entries keeps the balance as it is");
  const externalId = player.ref.replace(/^ext:/, "");
  const [owner] = await sql<{ id: string; game_id: string; env: string }[]>`
    SELECT id, game_id, env FROM players WHERE external_id = ${externalId}`;
  if (!owner) throw new Error(`seedLedger: no player ${player.ref}`);
  const started = performance.now();
  await sql`
    INSERT INTO ledger_entries
      (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, order_id, item_sku, created_at)
    SELECT lpad(to_hex(base.ms + i), 12, '0') || '0000' || lpad(to_hex(i), 8, '0'),
           ${owner.game_id}, ${owner.env}, ${owner.id},
           CASE WHEN i % 2 = 0 THEN 'grant' ELSE 'spend' END, 'coins',
           CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END, 0,
           CASE WHEN i % 2 = 0 THEN 1 ELSE 0 END, 0,
           'bench seed', '{}'::jsonb, NULL, NULL, to_timestamp((base.ms + i) / 1000.0)
    FROM (SELECT floor(extract(epoch FROM now()) * 1000)::bigint - 86400000 - ${player.entries}::bigint AS ms) AS base,
         generate_series(0, ${player.entries - 1}::bigint) AS i`;
  return { seconds: Math.round((performance.now() - started) / 10) / 100 };
}

/** The cursor of listLedger (server/lib/cursor.ts) after the entry `depth` places from the newest. */
export async function deepCursor(sql: Sql, ref: string, depth: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    SELECT l.id FROM ledger_entries l JOIN players p ON p.id = l.player_id
    WHERE p.external_id = ${ref.replace(/^ext:/, "")}
    ORDER BY l.id DESC OFFSET ${depth} LIMIT 1`;
  if (!row) throw new Error(`deepCursor: ${ref} has fewer than ${depth + 1} entries`);
  return Buffer.from(`v1:${row.id}`).toString("base64url");
}

export type Percentiles = { p50: number; p99: number; count: number };
export type LedgerCase = { name: string; player: string; entries: number; page: "first" | "deep"; sequential: Percentiles; concurrent: Percentiles };
export type LedgerResult = {
  cases: LedgerCase[];
  concurrency: number;
  /** p50 of the big player's page / p50 of the small one's, sequential, per page */
  ratioFirst: number;
  ratioDeep: number;
  /** the larger of the two: the figure checked against the target */
  ratio: number;
};

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

async function timeGet(url: string, secretKey: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${secretKey}` } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  const page = JSON.parse(text) as { entries: unknown[] };
  if (page.entries.length !== 100) throw new Error(`GET ${url} returned ${page.entries.length} entries, not 100`);
  return ms;
}

async function timeMany(url: string, secretKey: string, { count, concurrency }: { count: number; concurrency: number }): Promise<number[]> {
  const samples: number[] = [];
  let left = count;
  async function worker(): Promise<void> {
    while (left > 0) {
      left -= 1;
      samples.push(await timeGet(url, secretKey));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return samples;
}

/**
 * Times GET /players/{ref}/ledger?limit=100 (first page and the page after `deep[ref]`) of both
 * players: `sequentialCount` requests one at a time, then `concurrentCount` with `concurrency` in flight.
 * The cases take turns in rounds of 25 requests, so a drift of the machine's speed hits all of them alike.
 */
export async function measureLedger(
  target: Target,
  { players, cursors }: LedgerPages,
  options: { sequentialCount: number; concurrentCount: number; concurrency: number },
): Promise<LedgerResult> {
  const cases = [players.small, players.big].flatMap((player) =>
    (["first", "deep"] as const).map((page) => {
      const base = `${target.baseUrl}/api/v1/players/${refSegment(player.ref)}/ledger?limit=100`;
      const cursor = cursors[player.ref];
      return { player, page, url: page === "first" || !cursor ? base : `${base}&cursor=${cursor}`, sequential: [] as number[], concurrent: [] as number[] };
    }),
  );
  for (const c of cases) await timeMany(c.url, target.secretKey, { count: 10, concurrency: 1 }); // warm-up: plans, pages in cache
  const ROUND = 25;
  for (let done = 0; done < options.sequentialCount; done += ROUND) {
    for (const c of cases) c.sequential.push(...(await timeMany(c.url, target.secretKey, { count: Math.min(ROUND, options.sequentialCount - done), concurrency: 1 })));
  }
  const concurrentRound = ROUND * options.concurrency;
  for (let done = 0; done < options.concurrentCount; done += concurrentRound) {
    const n = Math.min(concurrentRound, options.concurrentCount - done);
    for (const c of cases) c.concurrent.push(...(await timeMany(c.url, target.secretKey, { count: n, concurrency: options.concurrency })));
  }
  const out: LedgerCase[] = cases.map((c) => ({
    name: `${c.player.entries.toLocaleString("en-US")} entries, ${c.page} page`,
    player: c.player.ref,
    entries: c.player.entries,
    page: c.page,
    sequential: percentiles(c.sequential),
    concurrent: percentiles(c.concurrent),
  }));
  const p50 = (entries: number, page: "first" | "deep") => out.find((c) => c.entries === entries && c.page === page)?.sequential.p50 ?? NaN;
  const ratio = (page: "first" | "deep") => Math.round((p50(players.big.entries, page) / p50(players.small.entries, page)) * 100) / 100;
  const ratioFirst = ratio("first");
  const ratioDeep = ratio("deep");
  return { cases: out, concurrency: options.concurrency, ratioFirst, ratioDeep, ratio: Math.max(ratioFirst, ratioDeep) };
}
