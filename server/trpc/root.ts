import "server-only";
import { createCallerFactory, router } from "./init";
import { gamesRouter } from "./routers/games";
import { membersRouter } from "./routers/members";
import { studioRouter } from "./routers/studio";
import { catalogRouter } from "./routers/catalog";
import { playersRouter } from "./routers/players";
import { auditRouter } from "./routers/audit";
import { giftCodesRouter } from "./routers/giftCodes";
import { webhooksRouter } from "./routers/webhooks";
import { ordersRouter } from "./routers/orders";
import { revenueRouter } from "./routers/revenue";
import { creatorCodesRouter } from "./routers/creatorCodes";
import { paymentsRouter } from "./routers/payments";
import { privacyRouter } from "./routers/privacy";
import { shopRouter } from "./routers/shop";
import { storesRouter } from "./routers/stores";

/** The dashboard's API. Each router calls the same domain functions as the REST API. */
export const appRouter = router({
  games: gamesRouter,
  members: membersRouter,
  studio: studioRouter,
  catalog: catalogRouter,
  players: playersRouter,
  giftCodes: giftCodesRouter,
  webhooks: webhooksRouter,
  audit: auditRouter,
  orders: ordersRouter,
  revenue: revenueRouter,
  creatorCodes: creatorCodesRouter,
  payments: paymentsRouter,
  privacy: privacyRouter,
  shop: shopRouter,
  stores: storesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
