import { notFound } from "next/navigation";
import { MembersPage } from "@/components/dashboard/members/members-page";
import { staffRoles } from "@/db/schema";
import { currentStaff } from "@/server/auth/current-staff";
import { roleAbilities } from "@/server/auth/roles";

export const metadata = { title: "Members · Gamecoin" };

export default async function MembersRoute() {
  const staff = await currentStaff();
  if (!staff) notFound();
  // The page only hides what the server would refuse anyway; the members router checks every call.
  return (
    <main id="main-content" tabIndex={-1} className="focus:outline-none">
      <MembersPage me={{ id: staff.id, role: staff.role }} roles={staffRoles} abilities={roleAbilities} />
    </main>
  );
}
