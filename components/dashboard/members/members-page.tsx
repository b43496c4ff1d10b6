"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Badge, Card, EmptyState, ErrorBanner, PageHeader, Select, Table } from "@/components/ui/primitives";
import type { StaffRole } from "@/db/schema/tenancy";
import { InviteForm } from "./invite-form";
import { StudioCard } from "./studio-card";
import { canManage, canRevoke, canTouch, grantable, type RoleContext } from "./roles";

export function MembersPage(ctx: RoleContext) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.members.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const manager = canManage(ctx);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Members" description="Who can use this studio's dashboard, and with which role. Each role includes the rights of those below." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-6">
          <Card title="Members">
            <div className="space-y-3">
              <ErrorBanner message={errorMessageOf(list.error ?? changeRole.error ?? remove.error)} />
              <Table head={["Member", "Role", "Joined", ""]}>
                {list.data?.members.map((m) => {
                  const editable = canTouch(ctx, m.id, m.role);
                  return (
                    <tr key={m.id} data-testid="member-row">
                      <td className="px-3 py-2">
                        <p className="font-medium text-slate-900">
                          {m.name} {m.id === ctx.me.id && <Badge tone="blue">you</Badge>}
                        </p>
                        <p className="text-xs text-slate-500" data-testid="member-email">
                          {m.email}
                        </p>
                      </td>
                      <td className="px-3 py-2">
                        {editable ? (
                          <Select
                            aria-label={`Role of ${m.email}`}
                            data-testid="member-role"
                            value={m.role}
                            disabled={changeRole.isPending}
                            onChange={(e) => changeRole.mutate({ staffId: m.id, role: e.target.value as StaffRole })}
                            className="max-w-36"
                          >
                            {grantable(ctx).map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </Select>
                        ) : (
                          <span data-testid="member-role" title={ctx.abilities[m.role]}>
                            <Badge tone={m.role === "owner" ? "blue" : "gray"}>{m.role}</Badge>
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-2 text-slate-600">{new Date(m.createdAt).toLocaleDateString()}</td>
                      <td className="px-3 py-2 text-right">
                        {editable && (
                          <ConfirmButton
                            label="Remove"
                            title={`Remove ${m.name}?`}
                            body={`${m.email} loses access to the dashboard at once. Their past changes stay in the audit log.`}
                            confirmLabel="Remove member"
                            testId="remove-member"
                            confirmTestId="confirm-remove-member"
                            onConfirm={() => remove.mutateAsync({ staffId: m.id }).then(() => undefined)}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </Table>
            </div>
          </Card>
          <Card title="Pending invitations">
            <div className="space-y-3">
              <ErrorBanner message={errorMessageOf(revoke.error)} />
              {list.data?.invitations.length === 0 ? (
                <EmptyState title="No pending invitations">{manager ? "Invite someone with the form." : "Admins can invite new members."}</EmptyState>
              ) : (
                <Table head={["E-mail", "Role", "Expires", ""]}>
                  {list.data?.invitations.map((i) => (
                    <tr key={i.id} data-testid="invitation-row">
                      <td className="px-3 py-2 text-slate-900">{i.email}</td>
                      <td className="px-3 py-2">
                        <Badge>{i.role}</Badge>
                      </td>
                      <td className="px-3 py-2 text-slate-600">{new Date(i.expiresAt).toLocaleString()}</td>
                      <td className="px-3 py-2 text-right">
                        {canRevoke(ctx, i.role) && (
                          <ConfirmButton
                            label="Revoke"
                            title="Revoke this invitation?"
                            body={`The link sent to ${i.email} stops working at once.`}
                            confirmLabel="Revoke invitation"
                            testId="revoke-invitation"
                            confirmTestId="confirm-revoke-invitation"
                            onConfirm={() => revoke.mutateAsync({ invitationId: i.id }).then(() => undefined)}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </Table>
              )}
            </div>
          </Card>
        </div>
        <div className="space-y-6">
          <StudioCard isOwner={ctx.me.role === "owner"} />
          {manager && <InviteForm ctx={ctx} />}
          <Card title="Roles">
            <dl className="space-y-2 text-sm">
              {ctx.roles.map((r) => (
                <div key={r}>
                  <dt className="font-medium text-slate-900">{r}</dt>
                  <dd className="text-slate-600">{ctx.abilities[r]}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}
