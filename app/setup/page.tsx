import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { hasAnyStaff } from "@/server/auth/members";
import { createOwnerAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Set up · Gamecoin" };

/** First run only: once anyone exists, this page is gone. */
export default async function SetupPage() {
  if (await hasAnyStaff(await getDb())) redirect("/login");
  return (
    <AuthCard title="Welcome to Gamecoin" subtitle="Create your studio and its owner account.">
      <SetupForm action={createOwnerAction} />
    </AuthCard>
  );
}
