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
  viewer: "reads everything except the payment settings, the audit log included",
  support: "also blocks and unblocks players, adjusts balances, refunds orders and issues gift codes",
  developer: "also manages the test catalog, API keys, allowed origins, game settings, webhook endpoints and creator codes, and creates games",
  admin: "also changes the live catalog (edit, import, publish), manages members and invitations, the payment settings and the seller's identity, renames or archives games, and exports or erases a player's personal data",
  owner: "also renames the studio, sets how long its audit log is kept and manages other owners",
};
