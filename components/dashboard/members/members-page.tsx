"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Badge, Card, EmptyState, PageHeader, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import { InviteForm } from "./invite-form";
import { RoleChange } from "./role-change";
import { StudioCard } from "./studio-card";
import { canManage, canRevoke, canTouch, type RoleContext } from "./roles";

export function MembersPage(ctx: RoleContext) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const { toast } = useToast();
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
        <div className="min-w-0 space-y-6">
          <Card title="Members">
            {list.isError ? (
              <QueryError error={list.error} onRetry={() => void list.refetch()} title="The members could not be loaded" />
            ) : list.isPending ? (
              <Skeleton className="h-32" />
            ) : (
              <Table head={["Member", "Role", "Joined", "Actions"]}>
                {list.data.members.map((m) => {
                  const editable = canTouch(ctx, m.id, m.role);
                  return (
                    <tr key={m.id} data-testid="member-row" className="align-top">
                      <td className="px-3 py-2">
                        <p className="font-medium text-slate-900">
                          {m.name} {m.id === ctx.me.id && <Badge tone="blue">you</Badge>}
                        </p>
                        <p className="break-all text-xs text-slate-600" data-testid="member-email">
                          {m.email}
                        </p>
                      </td>
                      <td className="px-3 py-2">
                        {editable ? (
                          <RoleChange
                            key={m.role}
                            ctx={ctx}
                            member={m}
                            onChange={async (role) => {
                              await changeRole.mutateAsync({ staffId: m.id, role });
                              toast({ title: `${m.name} is now ${role}`, tone: "success" });
                            }}
                          />
                        ) : (
                          <span data-testid="member-role-badge" title={ctx.abilities[m.role]}>
                            <Badge tone={m.role === "owner" ? "blue" : "gray"}>{m.role}</Badge>
                          </span>
                        )}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{f.date(m.createdAt)}</td>
                      <td className="px-3 py-2 text-right">
                        {editable && (
                          <ConfirmButton
                            label={
                              <>
                                Remove<span className="sr-only"> {m.name}</span>
                              </>
                            }
                            title={`Remove ${m.name}?`}
                            body={`${m.email} loses access to the dashboard at once, in every open session. Their past changes stay in the audit log. To come back they need a new invitation.`}
                            confirmLabel="Remove member"
                            triggerTone="secondary"
                            testId="remove-member"
                            confirmTestId="confirm-remove-member"
                            onConfirm={async () => {
                              await remove.mutateAsync({ staffId: m.id });
                              toast({ title: `${m.name} removed`, tone: "success" });
                            }}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </Table>
            )}
          </Card>
          <Card title="Pending invitations">
            {list.isError ? (
              <QueryError error={list.error} onRetry={() => void list.refetch()} title="The invitations could not be loaded" />
            ) : list.isPending ? (
              <Skeleton className="h-16" />
            ) : list.data.invitations.length === 0 ? (
              <EmptyState title="No pending invitations">{manager ? "Invite someone with the form." : "Admins can invite new members."}</EmptyState>
            ) : (
              <Table head={["E-mail", "Role", "Expires", "Actions"]}>
                {list.data.invitations.map((i) => (
                  <tr key={i.id} data-testid="invitation-row">
                    <td className="break-all px-3 py-2 text-slate-900">{i.email}</td>
                    <td className="px-3 py-2">
                      <Badge>{i.role}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">{f.dateTime(i.expiresAt)}</td>
                    <td className="px-3 py-2 text-right">
                      {canRevoke(ctx, i.role) && (
                        <ConfirmButton
                          label={
                            <>
                              Revoke<span className="sr-only"> the invitation of {i.email}</span>
                            </>
                          }
                          title="Revoke this invitation?"
                          body={`The link sent to ${i.email} stops working at once. You can invite them again later.`}
                          confirmLabel="Revoke invitation"
                          triggerTone="secondary"
                          testId="revoke-invitation"
                          confirmTestId="confirm-revoke-invitation"
                          onConfirm={async () => {
                            await revoke.mutateAsync({ invitationId: i.id });
                            toast({ title: `Invitation of ${i.email} revoked`, tone: "success" });
                          }}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <StudioCard isOwner={ctx.me.role === "owner"} canSetZone={manager} />
          {manager && <InviteForm ctx={ctx} />}
          <Card title="Roles">
            <dl className="space-y-2 text-sm">
              {ctx.roles.map((r) => (
                <div key={r}>
                  <dt className="font-medium text-slate-900">{r}</dt>
                  <dd className="text-slate-700">{ctx.abilities[r]}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}
