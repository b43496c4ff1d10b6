import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getDb } from "@/db/client";
import { GameNav } from "@/components/dashboard/game-nav";
import { currentStaff } from "@/server/auth/current-staff";
import { getGameView } from "@/server/games/manage-games";
import { AppError } from "@/server/lib/errors";

export default async function GameLayout({ children, params }: { children: ReactNode; params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = await params;
  if (env !== "test" && env !== "live") notFound();
  const staff = await currentStaff();
  if (!staff) notFound();
  const game = await getGameView(await getDb(), staff.studioId, gameId).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  return (
    <div>
      {env === "live" && (
        <div data-testid="live-banner" className="bg-rose-600 px-4 py-1.5 text-center text-xs font-semibold uppercase tracking-wide text-white">
          Live environment: real players, real money
        </div>
      )}
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 lg:flex-row">
        <GameNav gameId={game.id} gameName={game.name} env={env} />
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
