import { AuditPage } from "@/components/dashboard/audit/audit-page";

export const metadata = { title: "Audit log · Gamecoin" };

/** Read-only for every role (the dashboard layout already requires a signed-in member). */
export default function AuditRoute() {
  return (
    <main id="main-content" tabIndex={-1} className="focus:outline-none">
      <AuditPage />
    </main>
  );
}
