"use client";

import type { CatalogStatus } from "@/db/schema/catalog";
import { Badge, Button, Table } from "@/components/ui/primitives";
import type { CurrencyAdminView, ItemAdminView, PackAdminView } from "@/server/catalog/catalog-admin-views";
import { formatAmount, formatCents, formatDateTime } from "./format";
import { StatusBadge } from "./status-badge";
import { RowStatusSelect } from "./status-select";

type RowActions<T> = { canEdit: boolean; onEdit: (entry: T) => void; onStatus: (key: string, status: CatalogStatus) => void; busy: boolean };

const td = "px-3 py-2.5 align-top";

function Actions<T>({ entry, id, status, actions }: { entry: T; id: string; status: CatalogStatus; actions: RowActions<T> }) {
  if (!actions.canEdit) return null;
  return (
    <div className="flex items-center justify-end gap-2">
      <RowStatusSelect label={`Status of ${id}`} value={status} disabled={actions.busy} onChange={(next) => actions.onStatus(id, next)} />
      <Button tone="secondary" onClick={() => actions.onEdit(entry)} data-testid={`edit-${id}`}>
        Edit
      </Button>
    </div>
  );
}

export function CurrenciesTable({ rows, ...actions }: { rows: CurrencyAdminView[] } & RowActions<CurrencyAdminView>) {
  return (
    <Table head={["Code", "Name", "Sold in packs", "Status", "Updated", ""]}>
      {rows.map((c) => (
        <tr key={c.code} data-testid="currency-row" className="hover:bg-slate-50">
          <td className={`${td} font-mono text-xs text-slate-900`}>{c.code}</td>
          <td className={td}>{c.name}</td>
          <td className={td}>{c.purchasable ? <Badge tone="blue">purchasable</Badge> : <span className="text-slate-400">earned or granted</span>}</td>
          <td className={td}>
            <StatusBadge status={c.status} />
          </td>
          <td className={`${td} text-slate-500`}>{formatDateTime(c.updatedAt)}</td>
          <td className={`${td} text-right`}>
            <Actions entry={c} id={c.code} status={c.status} actions={actions} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ItemsTable({ rows, ...actions }: { rows: ItemAdminView[] } & RowActions<ItemAdminView>) {
  return (
    <Table head={["Item", "Type", "Price", "Max owned", "Client purchase", "Status", ""]}>
      {rows.map((item) => (
        <tr key={item.sku} data-testid="item-row" className="hover:bg-slate-50">
          <td className={td}>
            <p className="font-medium text-slate-900">{item.name}</p>
            <p className="font-mono text-xs text-slate-500">{item.sku}</p>
          </td>
          <td className={`${td} capitalize`}>{item.type}</td>
          <td className={td}>{item.price ? `${formatAmount(item.price.amount)} ${item.price.currency}` : <span className="text-slate-400">not sold</span>}</td>
          <td className={td}>{item.maxOwned ?? <span className="text-slate-400">no limit</span>}</td>
          <td className={td}>{item.clientPurchasable ? "Yes" : <span className="text-slate-400">No</span>}</td>
          <td className={td}>
            <StatusBadge status={item.status} />
          </td>
          <td className={`${td} text-right`}>
            <Actions entry={item} id={item.sku} status={item.status} actions={actions} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Where a limited pack's window stands now. */
function windowState(a: NonNullable<PackAdminView["availability"]>): { label: string; tone: "green" | "amber" | "gray" } {
  const now = Date.now();
  if (a.startsAt && new Date(a.startsAt).getTime() > now) return { label: "upcoming", tone: "amber" };
  if (a.endsAt && new Date(a.endsAt).getTime() <= now) return { label: "ended", tone: "gray" };
  return { label: "in window", tone: "green" };
}

function Availability({ pack }: { pack: PackAdminView }) {
  const a = pack.availability;
  if (!a) return <span className="text-slate-400">always on sale</span>;
  const state = windowState(a);
  return (
    <div className="space-y-1 text-xs">
      <div className="flex flex-wrap gap-1">
        <Badge tone={state.tone}>{state.label}</Badge>
        {a.founder && <Badge tone="blue">founder</Badge>}
      </div>
      {(a.startsAt || a.endsAt) && (
        <p className="text-slate-500">
          {formatDateTime(a.startsAt)} → {formatDateTime(a.endsAt)}
        </p>
      )}
    </div>
  );
}

function Stock({ pack }: { pack: PackAdminView }) {
  const a = pack.availability;
  if (!a || a.stock === null) return <span className="text-slate-400">unlimited</span>;
  const soldOut = a.remaining === 0;
  return (
    <div data-testid={`pack-remaining-${pack.sku}`}>
      <p className={soldOut ? "font-medium text-rose-700" : "font-medium text-slate-900"}>
        {soldOut ? "Sold out" : `${formatAmount(a.remaining ?? 0)} left`}
      </p>
      <p className="text-xs text-slate-500">
        of {formatAmount(a.stock)} · {formatAmount(pack.taken)} taken
      </p>
    </div>
  );
}

export function PacksTable({ rows, ...actions }: { rows: PackAdminView[] } & RowActions<PackAdminView>) {
  return (
    <Table head={["Pack", "Price", "Contents", "Per player", "Availability", "Stock", "Status", ""]}>
      {rows.map((pack) => (
        <tr key={pack.sku} data-testid="pack-row" className="hover:bg-slate-50">
          <td className={td}>
            <p className="font-medium text-slate-900">
              {pack.name} {pack.badge && <Badge tone="amber">{pack.badge}</Badge>}
            </p>
            <p className="font-mono text-xs text-slate-500">{pack.sku}</p>
          </td>
          <td className={`${td} font-medium`}>{pack.priceCents === 0 ? "Free" : formatCents(pack.priceCents)}</td>
          <td className={`${td} text-xs text-slate-700`}>
            {pack.grants.map((g) => (
              <p key={g.currency}>
                {formatAmount(g.amount)} {g.currency}
                {g.bonus > 0 && <span className="text-emerald-700"> +{formatAmount(g.bonus)} bonus</span>}
              </p>
            ))}
            {pack.items.map((i) => (
              <p key={i.sku}>
                {i.quantity} × <span className="font-mono">{i.sku}</span>
              </p>
            ))}
          </td>
          <td className={td}>{pack.maxPerPlayer ?? <span className="text-slate-400">no limit</span>}</td>
          <td className={td}>
            <Availability pack={pack} />
          </td>
          <td className={td}>
            <Stock pack={pack} />
          </td>
          <td className={td}>
            <StatusBadge status={pack.status} />
          </td>
          <td className={`${td} text-right`}>
            <Actions entry={pack} id={pack.sku} status={pack.status} actions={actions} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
