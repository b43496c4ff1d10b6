import { staffRoles, type StaffRole } from "@/db/schema";

/** Roles from lowest to highest; each includes the rights of those below. */
export function roleRank(role: StaffRole): number {
  return staffRoles.indexOf(role);
}

export function hasRole(role: StaffRole, atLeast: StaffRole): boolean {
  return roleRank(role) >= roleRank(atLeast);
}

/** What each role may do, for the members page and the docs. */
export const roleAbilities: Record<StaffRole, string> = {
  viewer: "reads everything",
  support: "blocks and unblocks players, makes adjustments and refunds",
  developer: "also manages the catalog, API keys, allowed origins and webhook endpoints",
  admin: "also manages members and invitations",
  owner: "also manages the studio",
};
