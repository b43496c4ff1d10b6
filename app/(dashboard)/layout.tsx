import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getDb } from "@/server/db/connection";
import { DashboardProviders } from "@/components/dashboard/trpc";
import { TopBar } from "@/components/dashboard/top-bar";
import { currentStaff } from "@/server/auth/current-staff";
import { hasAnyStaff } from "@/server/auth/members";
import { studioTimeZone } from "@/server/auth/studio";

export const dynamic = "force-dynamic";

/**
 * Every dashboard page needs a signed-in staff member; the server checks roles again on every call.
 * Each page (or the game layout) renders the one <main id="main-content"> the skip link jumps to.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const staff = await currentStaff();
  if (!staff) redirect((await hasAnyStaff(await getDb())) ? "/login" : "/setup");
  const timeZone = await studioTimeZone(await getDb(), staff.studioId);
  return (
    <DashboardProviders timeZone={timeZone}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-indigo-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <div className="min-h-screen bg-slate-50">
        <TopBar name={staff.name} email={staff.email} role={staff.role} />
        {children}
      </div>
    </DashboardProviders>
  );
}
