import "server-only";
import type { Environment } from "@/db/schema";

/** Player data belongs to one game and one environment; every query on it filters on both. */
export type GameScope = { gameId: string; env: Environment };
