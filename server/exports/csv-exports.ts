import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { environments } from "@/db/schema";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { studioTimeZone } from "@/server/auth/studio";
import { getGameView } from "@/server/games/manage-games";
import { clock } from "@/server/lib/clock";
import type { CsvStreamSource } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { checkOrderFilter, OrderFilter } from "@/server/orders/list-orders";
import { ordersCsv } from "@/server/orders/orders-csv";
import { playerLedgerCsv } from "@/server/players/player-ledger-csv";
import { playersCsv } from "@/server/players/players-csv";
import { PlayerFilter } from "@/server/players/search-players";

const GameQuery = z.strictObject({ gameId: z.string().min(1).max(64), env: z.enum(environments) });
const OrdersQuery = GameQuery.extend(OrderFilter.shape).superRefine(checkOrderFilter);
const PlayersQuery = GameQuery.extend(PlayerFilter.shape);
const LedgerQuery = GameQuery.extend({ playerId: z.string().min(1).max(64) });

const today = () => clock.now().toISOString().slice(0, 10);

type Open = (db: Db, staff: StaffIdentity, query: unknown) => Promise<CsvStreamSource>;

/** The game of the query, one of the member's own studio (another studio's is 404, as everywhere). */
async function scopeOf(db: Db, staff: StaffIdentity, input: z.output<typeof GameQuery>): Promise<GameScope> {
  await getGameView(db, staff.studioId, input.gameId);
  return { gameId: input.gameId, env: input.env };
}

/**
 * The exports that can be as large as a game (every order, every player, a player's whole ledger): each
 * streams from a keyset cursor (server/lib/csv.ts csvStream), so memory is one batch whatever the size.
 * Each takes its list's filters as query parameters, checked by the same schemas (400 with field
 * errors); a 404 (game, player) is found before the first byte.
 */
const exportsByKind = {
  orders: async (db, staff, query) => {
    const { gameId, env, ...filter } = OrdersQuery.parse(query);
    // The from/to days are the studio's, as the list on screen reads them.
    return ordersCsv(db, await scopeOf(db, staff, { gameId, env }), { filter, today: today(), timeZone: await studioTimeZone(db, staff.studioId) });
  },
  players: async (db, staff, query) => {
    const { gameId, env, ...filter } = PlayersQuery.parse(query);
    return playersCsv(db, await scopeOf(db, staff, { gameId, env }), { filter, today: today() });
  },
  "player-ledger": async (db, staff, query) => {
    const { playerId, ...game } = LedgerQuery.parse(query);
    return playerLedgerCsv(db, await scopeOf(db, staff, game), playerId);
  },
} satisfies Record<string, Open>;

export type CsvExportKind = keyof typeof exportsByKind;

export function isCsvExportKind(kind: string): kind is CsvExportKind {
  return Object.hasOwn(exportsByKind, kind);
}

/** Which export, and its query string's parameters as sent (each kind parses its own). */
export type CsvExportRequest = { kind: CsvExportKind; query: unknown };

export function openCsvExport(db: Db, staff: StaffIdentity, { kind, query }: CsvExportRequest): Promise<CsvStreamSource> {
  return exportsByKind[kind](db, staff, query);
}
