import { CatalogPage } from "@/components/dashboard/catalog/catalog-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../params";

export const metadata = { title: "Catalog · Gamecoin" };

/** Write buttons only for developers and above, publish and import for admins and owners; the server checks the role again on every write. */
export default async function Page({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  return (
    <CatalogPage gameId={gameId} env={env} canEdit={!!staff && hasRole(staff.role, "developer")} canPublish={!!staff && hasRole(staff.role, "admin")} />
  );
}
