"use client";

import type { CatalogStatus } from "@/db/schema/catalog";
import { Badge, Table } from "@/components/ui/primitives";
import type { CurrencyAdminView, ItemAdminView, PackAdminView } from "@/server/catalog/catalog-admin-views";
import { useFormat } from "@/components/ui/format";
import { RowActionsMenu, type EntryKind } from "./status-actions";
import { StatusBadge } from "./status-badge";

type RowActions<T> = {
  env: "test" | "live";
  canEdit: boolean;
  onEdit: (entry: T) => void;
  /** Rejects with the server's reason, shown in the confirm dialog. */
  onStatus: (key: string, status: CatalogStatus) => Promise<unknown>;
  busy: boolean;
};

const td = "px-3 py-2.5 align-top";

function Actions<T>({ kind, entry, id, name, status, actions }: { kind: EntryKind; entry: T; id: string; name: string; status: CatalogStatus; actions: RowActions<T> }) {
  if (!actions.canEdit) return null;
  return (
    <RowActionsMenu
      kind={kind}
      env={actions.env}
      id={id}
      name={name}
      status={status}
      disabled={actions.busy}
      onEdit={() => actions.onEdit(entry)}
      onChange={(next) => actions.onStatus(id, next)}
    />
  );
}

export function CurrenciesTable({ rows, ...actions }: { rows: CurrencyAdminView[] } & RowActions<CurrencyAdminView>) {
  const f = useFormat();
  return (
    <Table head={["Code", "Name", "Sold in packs", "Status", "Updated", ""]}>
      {rows.map((c) => (
        <tr key={c.code} data-testid="currency-row" className="hover:bg-slate-50">
          <td className={`${td} font-mono text-xs text-slate-900`}>{c.code}</td>
          <td className={td}>{c.name}</td>
          <td className={td}>{c.purchasable ? <Badge tone="blue">purchasable</Badge> : <span className="text-slate-600">earned or granted</span>}</td>
          <td className={td}>
            <StatusBadge status={c.status} />
          </td>
          <td className={`${td} text-slate-600`}>{f.dateTime(c.updatedAt)}</td>
          <td className={`${td} text-right`}>
            <Actions kind="currency" entry={c} id={c.code} name={c.name} status={c.status} actions={actions} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ItemsTable({ rows, ...actions }: { rows: ItemAdminView[] } & RowActions<ItemAdminView>) {
  const f = useFormat();
  return (
    <Table head={["Item", "Type", "Price", "Max owned", "Client purchase", "Status", ""]}>
      {rows.map((item) => (
        <tr key={item.sku} data-testid="item-row" className="hover:bg-slate-50">
          <td className={td}>
            <p className="font-medium text-slate-900">{item.name}</p>
            <p className="font-mono text-xs text-slate-600">{item.sku}</p>
          </td>
          <td className={`${td} capitalize`}>{item.type}</td>
          <td className={td}>{item.price ? `${f.number(item.price.amount)} ${item.price.currency}` : <span className="text-slate-600">not sold</span>}</td>
          <td className={td}>{item.maxOwned !== null ? f.number(item.maxOwned) : <span className="text-slate-600">no limit</span>}</td>
          <td className={td}>{item.clientPurchasable ? "Yes" : <span className="text-slate-600">No</span>}</td>
          <td className={td}>
            <StatusBadge status={item.status} />
          </td>
          <td className={`${td} text-right`}>
            <Actions kind="item" entry={item} id={item.sku} name={item.name} status={item.status} actions={actions} />
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
  const f = useFormat();
  const a = pack.availability;
  if (!a) return <span className="text-slate-600">always on sale</span>;
  const state = windowState(a);
  return (
    <div className="space-y-1 text-xs">
      <div className="flex flex-wrap gap-1">
        <Badge tone={state.tone}>{state.label}</Badge>
        {a.founder && <Badge tone="blue">founder</Badge>}
      </div>
      {(a.startsAt || a.endsAt) && (
        <p className="text-slate-600">
          {a.startsAt ? f.dateTime(a.startsAt) : "now"} → {a.endsAt ? f.dateTime(a.endsAt) : "no end"}
        </p>
      )}
    </div>
  );
}

function Stock({ pack }: { pack: PackAdminView }) {
  const f = useFormat();
  const a = pack.availability;
  if (!a || a.stock === null) return <span className="text-slate-600">unlimited</span>;
  const soldOut = a.remaining === 0;
  return (
    <div data-testid={`pack-remaining-${pack.sku}`}>
      <p className={soldOut ? "font-medium text-rose-700" : "font-medium text-slate-900"}>
        {soldOut ? "Sold out" : `${f.number(a.remaining ?? 0)} left`}
      </p>
      <p className="text-xs text-slate-600">
        of {f.number(a.stock)} · {f.number(pack.taken)} taken
      </p>
    </div>
  );
}

export function PacksTable({ rows, ...actions }: { rows: PackAdminView[] } & RowActions<PackAdminView>) {
  const f = useFormat();
  return (
    <Table head={["Pack", "Price", "Contents", "Per player", "Availability", "Stock", "Status", ""]}>
      {rows.map((pack) => (
        <tr key={pack.sku} data-testid="pack-row" className="hover:bg-slate-50">
          <td className={td}>
            <p className="font-medium text-slate-900">
              {pack.name} {pack.badge && <Badge tone="amber">{pack.badge}</Badge>}
            </p>
            <p className="font-mono text-xs text-slate-600">{pack.sku}</p>
          </td>
          <td className={`${td} font-medium`}>{pack.priceCents === 0 ? "Free" : f.euros(pack.priceCents)}</td>
          <td className={`${td} text-xs text-slate-700`}>
            {pack.grants.map((g) => (
              <p key={g.currency}>
                {f.number(g.amount)} {g.currency}
                {g.bonus > 0 && <span className="text-emerald-700"> +{f.number(g.bonus)} bonus</span>}
              </p>
            ))}
            {pack.items.map((i) => (
              <p key={i.sku}>
                {f.number(i.quantity)} × <span className="font-mono">{i.sku}</span>
              </p>
            ))}
          </td>
          <td className={td}>{pack.maxPerPlayer !== null ? f.number(pack.maxPerPlayer) : <span className="text-slate-600">no limit</span>}</td>
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
            <Actions kind="pack" entry={pack} id={pack.sku} name={pack.name} status={pack.status} actions={actions} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
