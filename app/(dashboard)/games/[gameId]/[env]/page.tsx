import { OverviewPage } from "@/components/dashboard/overview/overview-page";
import { parseGameParams } from "./params";

export const metadata = { title: "Overview · Gamecoin" };

export default async function OverviewRoute({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  return <OverviewPage gameId={gameId} env={env} />;
}
