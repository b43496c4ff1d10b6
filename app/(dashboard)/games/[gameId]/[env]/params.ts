import { notFound } from "next/navigation";

/** The game and environment of a dashboard URL (`/games/<gameId>/<test|live>/…`). */
export function parseGameParams(params: { gameId: string; env: string }): { gameId: string; env: "test" | "live" } {
  if (params.env !== "test" && params.env !== "live") notFound();
  return { gameId: params.gameId, env: params.env };
}
