import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getDb } from "@/db/client";
import { DashboardProviders } from "@/components/dashboard/trpc";
import { TopBar } from "@/components/dashboard/top-bar";
import { currentStaff } from "@/server/auth/current-staff";
import { hasAnyStaff } from "@/server/auth/members";

export const dynamic = "force-dynamic";

/** Every dashboard page needs a signed-in staff member; the server checks roles again on every call. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const staff = await currentStaff();
  if (!staff) redirect((await hasAnyStaff(await getDb())) ? "/login" : "/setup");
  return (
    <DashboardProviders>
      <div className="min-h-screen bg-slate-50">
        <TopBar name={staff.name} email={staff.email} role={staff.role} />
        {children}
      </div>
    </DashboardProviders>
  );
}
