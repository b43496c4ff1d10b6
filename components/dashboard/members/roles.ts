import type { StaffRole } from "@/db/schema/tenancy";

/** Role order comes from the server page (staffRoles), so the client never keeps a copy of the list. */
export type RoleContext = { me: { id: string; role: StaffRole }; roles: readonly StaffRole[]; abilities: Record<StaffRole, string> };

export const rank = (ctx: RoleContext, role: StaffRole) => ctx.roles.indexOf(role);

/** The same rules as the server: admins and owners manage, never above their own role. */
export const canManage = (ctx: RoleContext) => rank(ctx, ctx.me.role) >= rank(ctx, "admin");
export const grantable = (ctx: RoleContext) => ctx.roles.filter((r) => rank(ctx, r) <= rank(ctx, ctx.me.role));
/** Invitations follow the inviting rule: revoked only by those who could have sent them. */
export const canRevoke = (ctx: RoleContext, role: StaffRole) => canManage(ctx) && rank(ctx, role) <= rank(ctx, ctx.me.role);
/** Members: never yourself, never someone above you. */
export const canTouch = (ctx: RoleContext, memberId: string, role: StaffRole) => memberId !== ctx.me.id && canRevoke(ctx, role);
