import { CatalogPage } from "@/components/dashboard/catalog/catalog-page";
import { currentStaff } from "@/server/auth/current-staff";
import { mayWriteCatalog } from "@/server/catalog/catalog-write-role";
import { parseGameParams } from "../params";

export const metadata = { title: "Catalog · Gamecoin" };

/** Write buttons (forms, import) by the catalog's one rule: developers in test, admins and owners in live too; publish writes live. The server checks again on every write. */
export default async function Page({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  return (
    <CatalogPage gameId={gameId} env={env} canEdit={!!staff && mayWriteCatalog(staff.role, env)} canPublish={!!staff && mayWriteCatalog(staff.role, "live")} />
  );
}
