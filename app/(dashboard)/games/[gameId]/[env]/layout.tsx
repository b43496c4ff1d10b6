import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getDb } from "@/server/db/connection";
import { GameNav } from "@/components/dashboard/game-nav";
import { currentStaff } from "@/server/auth/current-staff";
import { getGameView, listGames } from "@/server/games/manage-games";
import { AppError } from "@/server/lib/errors";

export default async function GameLayout({ children, params }: { children: ReactNode; params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = await params;
  if (env !== "test" && env !== "live") notFound();
  const staff = await currentStaff();
  if (!staff) notFound();
  const db = await getDb();
  const game = await getGameView(db, staff.studioId, gameId).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  const games = (await listGames(db, staff.studioId)).map((g) => ({ id: g.id, name: g.name }));
  // An archived game's pages stay reachable (to unarchive it or read its history); the switcher still names it.
  if (!games.some((g) => g.id === game.id)) games.unshift({ id: game.id, name: `${game.name} (archived)` });
  return (
    <div>
      {env === "live" ? (
        <div data-testid="live-banner" role="note" className="bg-rose-700 px-4 py-1.5 text-center text-xs font-semibold uppercase tracking-wide text-white">
          Live environment: real players, real money
        </div>
      ) : (
        <div data-testid="test-banner" role="note" className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-900">
          Test environment: test keys, simulated payments, no real money
        </div>
      )}
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 lg:flex-row">
        <GameNav gameId={game.id} gameName={game.archivedAt ? `${game.name} (archived)` : game.name} env={env} games={games} />
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
