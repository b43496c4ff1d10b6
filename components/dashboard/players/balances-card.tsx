"use client";

import { useFormat } from "@/components/ui/format";
import { Badge, Card, EmptyState, Table } from "@/components/ui/primitives";
import type { PlayerBalanceView } from "@/server/players/get-player-detail";

/** Paid, bonus and total per currency; a negative paid bucket is a debt left by a refund or chargeback. */
export function BalancesCard({ balances }: { balances: PlayerBalanceView[] }) {
  const f = useFormat();
  const anyDebt = balances.some((b) => b.paid < 0);
  return (
    <Card title="Balances">
      {balances.length === 0 ? (
        <EmptyState title="No currencies yet">Activate a currency in the Catalog; balances appear here per currency.</EmptyState>
      ) : (
        <>
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
                  <td className={`whitespace-nowrap px-3 py-2.5 tabular-nums ${debt ? "font-semibold text-rose-700" : ""}`} data-testid="balance-paid">
                    {f.number(b.paid)}
                    {debt && (
                      <span className="ml-2">
                        <Badge tone="red">debt</Badge>
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 tabular-nums" data-testid="balance-bonus">
                    {f.number(b.bonus)}
                  </td>
                  <td className={`px-3 py-2.5 font-semibold tabular-nums ${b.total < 0 ? "text-rose-700" : "text-slate-900"}`} data-testid="balance-total">
                    {f.number(b.total)}
                  </td>
                </tr>
              );
            })}
          </Table>
          {anyDebt && <p className="mt-3 text-xs text-slate-600">A debt is left by coins refunded or charged back after they were spent; later credits repay it first.</p>}
        </>
      )}
    </Card>
  );
}
