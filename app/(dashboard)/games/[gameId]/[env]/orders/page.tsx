import { OrdersPage } from "@/components/dashboard/orders/orders-page";
import type { OrderFilterValues } from "@/components/dashboard/orders/order-filters";
import { orderStatuses, type OrderStatus } from "@/db/schema";
import { parseGameParams } from "../params";

export const metadata = { title: "Orders · Gamecoin" };

type SearchParams = Record<string, string | string[] | undefined>;

function isStatus(value: string | undefined): value is OrderStatus {
  return (orderStatuses as readonly (string | undefined)[]).includes(value);
}

/** The filters of a shared URL; anything malformed is left to the server's schema to report. */
function filterFrom(search: SearchParams): OrderFilterValues {
  const one = (key: string) => {
    const value = search[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const status = one("status");
  return {
    orderId: one("orderId"),
    status: isStatus(status) ? status : undefined,
    packSku: one("packSku"),
    from: one("from"),
    to: one("to"),
    creatorCode: one("creatorCode"),
    playerId: one("playerId"),
  };
}

export default async function OrdersRoute({ params, searchParams }: { params: Promise<{ gameId: string; env: string }>; searchParams: Promise<SearchParams> }) {
  const { gameId, env } = parseGameParams(await params);
  return <OrdersPage gameId={gameId} env={env} initialFilter={filterFrom(await searchParams)} />;
}
