import { RevenuePage } from "@/components/dashboard/revenue/revenue-page";
import { clock } from "@/server/lib/clock";
import { dayOf, lastDays } from "@/server/revenue/period";
import { parseGameParams } from "../params";

export const metadata = { title: "Revenue · Gamecoin" };

export default async function RevenueRoute({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  // "Today" is the server's UTC day, the same day the reports use, whatever the browser's time zone.
  const now = clock.now();
  return <RevenuePage gameId={gameId} env={env} defaultPeriod={lastDays(now, 30)} today={dayOf(now)} />;
}
