import { PlayersPage, type BlockedFilter } from "@/components/dashboard/players/players-page";
import { parseGameParams } from "../params";

export const metadata = { title: "Players · Gamecoin" };

const blockedStates: readonly string[] = ["all", "blocked", "not_blocked"] satisfies BlockedFilter[];

function isBlockedFilter(value: unknown): value is BlockedFilter {
  return typeof value === "string" && blockedStates.includes(value);
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ gameId: string; env: string }>;
  searchParams: Promise<{ q?: string | string[]; blocked?: string | string[] }>;
}) {
  const { gameId, env } = parseGameParams(await params);
  const { q, blocked } = await searchParams;
  return <PlayersPage gameId={gameId} env={env} initialQuery={typeof q === "string" ? q.trim() : ""} initialBlocked={isBlockedFilter(blocked) ? blocked : "all"} />;
}
