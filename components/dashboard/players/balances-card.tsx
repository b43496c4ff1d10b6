"use client";

import { Badge, Card, EmptyState, Table } from "@/components/ui/primitives";
import type { PlayerBalanceView } from "@/server/players/get-player-detail";
import { formatAmount } from "../catalog/format";

/** Paid, bonus and total per currency; a negative paid bucket is a debt left by a refund or chargeback. */
export function BalancesCard({ balances }: { balances: PlayerBalanceView[] }) {
  return (
    <Card title="Balances">
      {balances.length === 0 ? (
        <EmptyState title="No currencies yet">Activate a currency in the Catalog; balances appear here per currency.</EmptyState>
      ) : (
        <Table head={["Currency", "Paid", "Bonus", "Total"]}>
          {balances.map((b) => {
            const debt = b.paid < 0;
            return (
              <tr key={b.currency} data-testid={`player-balance-${b.currency}`}>
                <td className="px-3 py-2.5">
                  <span className="font-mono text-xs text-slate-900">{b.currency}</span>
                  {!b.inCatalog && (
                    <span className="ml-2">
                      <Badge>not in catalog</Badge>
                    </span>
                  )}
                </td>
                <td className={`px-3 py-2.5 tabular-nums ${debt ? "font-semibold text-rose-700" : ""}`} data-testid="balance-paid">
                  {formatAmount(b.paid)}
                  {debt && (
                    <span className="ml-2" title="Coins refunded or charged back after they were spent; later credits repay it first.">
                      <Badge tone="red">debt</Badge>
                    </span>
                  )}
                </td>
                <td className="px-3 py-2.5 tabular-nums" data-testid="balance-bonus">
                  {formatAmount(b.bonus)}
                </td>
                <td className={`px-3 py-2.5 font-semibold tabular-nums ${b.total < 0 ? "text-rose-700" : "text-slate-900"}`} data-testid="balance-total">
                  {formatAmount(b.total)}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
    </Card>
  );
}
