import { createCallerFactory, router } from "./init";
import { gamesRouter } from "./routers/games";
import { membersRouter } from "./routers/members";

/** The dashboard's API. Each router calls the same domain functions as the REST API. */
export const appRouter = router({
  games: gamesRouter,
  members: membersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
