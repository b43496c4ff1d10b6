import type { Environment, StaffRole } from "@/db/schema";
import { hasRole } from "@/server/auth/roles";
import { AppError } from "@/server/lib/errors";

/**
 * The one rule for changing a catalog, whatever the means (a form, an import, a publish): the test
 * catalog is the developers' workshop; what players can buy (live) changes only by an admin or owner.
 */
export function catalogWriteRole(env: Environment): StaffRole {
  return env === "live" ? "admin" : "developer";
}

export function mayWriteCatalog(role: StaffRole, env: Environment): boolean {
  return hasRole(role, catalogWriteRole(env));
}

/** 403 FORBIDDEN unless `role` may change the catalog of `env`. */
export function assertMayWriteCatalog(role: StaffRole, env: Environment): void {
  if (!mayWriteCatalog(role, env)) {
    throw new AppError("FORBIDDEN", `Changing the ${env} catalog needs the ${catalogWriteRole(env)} role or higher.`);
  }
}
