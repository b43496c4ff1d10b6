import "server-only";
import { getCatalog } from "@/server/catalog/get-catalog";
import { defineOperation } from "../operation";
import { Catalog } from "../resource-schemas";

export const getCatalogOperation = defineOperation({
  id: "getCatalog",
  method: "GET",
  path: "/catalog",
  summary: "The active catalog: currencies, items and packs (drafts and archived entries left out).",
  description:
    "Currencies, items and packs that are active now, with each pack's sale window, stock left and per-player limit. `prelaunch` and `launchAt` tell whether the game is selling yet.",
  tag: "Catalog",
  auth: "secret",
  idempotent: false,
  response: Catalog,
  successStatus: 200,
  handle: async ({ db, scope, settings }) => ({ body: await getCatalog(db, scope, settings) }),
});
