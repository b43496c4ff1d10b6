import { OrderDetailPage } from "@/components/dashboard/orders/order-detail-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../../params";

export const metadata = { title: "Order · Gamecoin" };

export default async function OrderRoute({ params }: { params: Promise<{ gameId: string; env: string; orderId: string }> }) {
  const raw = await params;
  const { gameId, env } = parseGameParams(raw);
  const staff = await currentStaff();
  // Refunds and sandbox moves need support, as in the orders router (which checks again).
  return <OrderDetailPage gameId={gameId} env={env} orderId={raw.orderId} canAct={!!staff && hasRole(staff.role, "support")} />;
}
