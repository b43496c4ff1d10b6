"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import type { StaffRole } from "@/db/schema/tenancy";
import { grantable, rank, type RoleContext } from "./roles";

type Member = { id: string; name: string; email: string; role: StaffRole };

/** What the dialog says a role change does, in the words of the role rules (server/auth/roles.ts). */
export function roleChangeConsequence(ctx: RoleContext, member: Member, role: StaffRole): string {
  if (role === "owner") {
    return `${member.name} becomes an owner: owners can do everything admins can (members and invitations, payment keys and the seller's identity, renaming and archiving games), and also rename the studio and change the role of other owners or remove them, you included. You stay owner.`;
  }
  const rights = `As ${role}, ${member.name} ${ctx.abilities[role]}. This applies from their next request.`;
  if (rank(ctx, role) > rank(ctx, member.role)) return rights;
  return `${member.name} loses what the ${member.role} role allows beyond ${role}. ${rights}`;
}

/** Pick the new role, then confirm: a select never saves on change. */
export function RoleChange({ ctx, member, onChange }: { ctx: RoleContext; member: Member; onChange: (role: StaffRole) => Promise<unknown> }) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const selectId = `role-${member.id}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={selectId} className="block text-xs font-medium text-slate-700">
          Role
        </label>
        <select
          id={selectId}
          data-testid="member-role"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          className="mt-0.5 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
          aria-describedby={`${selectId}-current`}
        >
          {grantable(ctx).map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <span id={`${selectId}-current`} className="sr-only">
          Current role: {member.role}
        </span>
      </div>
      {role !== member.role && (
        <ConfirmButton
          label="Change role"
          tone={role === "owner" ? "danger" : "primary"}
          title={`Make ${member.name} ${role === "owner" ? "an owner" : `a ${role}`}?`}
          body={roleChangeConsequence(ctx, member, role)}
          confirmLabel={`Make ${role}`}
          testId="change-role"
          confirmTestId="confirm-change-role"
          onConfirm={async () => {
            await onChange(role);
          }}
        />
      )}
    </div>
  );
}
