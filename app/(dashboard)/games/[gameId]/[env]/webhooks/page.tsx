import { WebhooksPage } from "@/components/dashboard/webhooks/webhooks-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../params";

export const metadata = { title: "Webhooks · Gamecoin" };

export default async function WebhooksRoute({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  // SPEC: developers and above manage endpoints; everyone else reads the endpoints and the log.
  return <WebhooksPage gameId={gameId} env={env} canEdit={!!staff && hasRole(staff.role, "developer")} />;
}
