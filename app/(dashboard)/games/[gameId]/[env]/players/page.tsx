import { PlayersPage } from "@/components/dashboard/players/players-page";
import { parseGameParams } from "../params";

export const metadata = { title: "Players · Gamecoin" };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ gameId: string; env: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { gameId, env } = parseGameParams(await params);
  const { q } = await searchParams;
  return <PlayersPage gameId={gameId} env={env} initialQuery={typeof q === "string" ? q : ""} />;
}
