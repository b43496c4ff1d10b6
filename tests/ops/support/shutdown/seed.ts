/**
 * The test process's own view of the server's database, through the app's modules (DATABASE_URL is
 * pointed at it first): loading a fixture, and the ledger invariant of tests/ledger-invariants.ts.
 */
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/server/db/connection";
import { games } from "@/db/schema";
import { loadFixture } from "@/server/fixtures/load-fixture";
import { resetConfigForTests } from "@/server/lib/config";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "@/tests/ledger-invariants";

async function useDatabase(url: string): Promise<void> {
  if (process.env.DATABASE_URL === url) return;
  await closeDb();
  process.env.DATABASE_URL = url;
  resetConfigForTests();
}

export async function seedGame(url: string, fixture: unknown): Promise<void> {
  await useDatabase(url);
  await loadFixture(await getDb(), fixture);
}

export async function assertGameLedgerMatchesBalances(url: string, slug: string): Promise<void> {
  await useDatabase(url);
  const [game] = await (await getDb()).select({ id: games.id }).from(games).where(eq(games.slug, slug));
  if (!game) throw new Error(`no game ${slug}`);
  await assertLedgerMatchesBalances(game.id);
  await assertLedgerChainsConsistent(game.id);
  await closeDb();
}
