import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentStaff } from "@/server/auth/current-staff";
import { hasAnyStaff } from "@/server/auth/members";
import { sameOriginPath } from "@/server/lib/same-origin-path";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Gamecoin" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (!(await hasAnyStaff(await getDb()))) redirect("/setup");
  if (await currentStaff()) redirect("/dashboard");
  const { callbackUrl } = await searchParams;
  // A sign-in link must not send staff to another site: only a path of our own origin is kept.
  const target = sameOriginPath(callbackUrl, "/dashboard");
  return (
    <AuthCard title="Sign in to your studio" subtitle="Staff accounts only.">
      <SignInForm callbackUrl={target} />
    </AuthCard>
  );
}
