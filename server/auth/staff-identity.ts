import type { StaffRole } from "@/db/schema";

/**
 * Who a staff member is, as every layer that acts for one sees them. It lives on its own so the audit
 * trail, sign-in and lockouts can all name it without importing each other.
 */
export type StaffIdentity = { id: string; studioId: string; email: string; name: string; role: StaffRole };
