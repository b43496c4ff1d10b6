"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { CopyButton } from "@/components/ui/copy-button";
import { useFormat } from "@/components/ui/format";
import { Button, Card, ErrorBanner, Field, Select, TextInput } from "@/components/ui/primitives";
import type { StaffRole } from "@/db/schema/tenancy";
import { grantable, type RoleContext } from "./roles";

export function InviteForm({ ctx }: { ctx: RoleContext }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("viewer");
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: () => {
        setEmail("");
        return queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(invite.error);
  const sent = invite.data;
  return (
    <Card title="Invite a member">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ email, role });
        }}
      >
        <ErrorBanner message={invite.error && Object.keys(errors).length === 0 ? errorMessageOf(invite.error) : null} />
        <Field label="E-mail" error={errors.email}>
          <TextInput data-testid="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="teammate@studio.com" required />
        </Field>
        <Field label="Role" error={errors.role} hint={ctx.abilities[role]}>
          <Select data-testid="invite-role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {grantable(ctx).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" data-testid="invite-submit" disabled={invite.isPending}>
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </Button>
      </form>
      {sent && (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="invite-result">
          <p className="font-medium text-amber-950" data-testid="invite-mail-status" role="status">
            {sent.mailed
              ? `An invitation e-mail is on its way to ${sent.invitation.email}.`
              : `No e-mail was sent (no mail server is configured): send this link to ${sent.invitation.email} yourself.`}
          </p>
          <p className="mt-1 text-amber-950">
            {sent.mailed ? "If it does not arrive, pass on this link instead. " : ""}Copy it now: it will not be shown again.
          </p>
          <div className="mt-2 flex items-start gap-2">
            <code data-testid="invite-link" className="block min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
              {sent.link}
            </code>
            <CopyButton value={sent.link} label="Copy link" testId="invite-link-copy" />
          </div>
          <p className="mt-1 text-xs text-amber-950">Valid until {f.dateTime(sent.invitation.expiresAt)}, for one use.</p>
        </div>
      )}
    </Card>
  );
}
