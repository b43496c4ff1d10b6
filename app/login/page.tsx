import Link from "next/link";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentStaff } from "@/server/auth/current-staff";
import { hasAnyStaff } from "@/server/auth/members";
import { sameOriginPath } from "@/server/lib/same-origin-path";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Gamecoin" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; reset?: string }> }) {
  if (!(await hasAnyStaff(await getDb()))) redirect("/setup");
  if (await currentStaff()) redirect("/dashboard");
  const { callbackUrl, reset } = await searchParams;
  // A sign-in link must not send staff to another site: only a path of our own origin is kept.
  const target = sameOriginPath(callbackUrl, "/dashboard");
  return (
    <AuthCard title="Sign in to your studio" subtitle="Staff accounts only.">
      {reset === "1" && (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Your password was changed and every session of your account was signed out. Sign in with the new password.
        </p>
      )}
      <SignInForm callbackUrl={target} />
      <p className="mt-4 text-center">
        <Link href="/forgot-password" className="text-sm font-medium text-indigo-700 underline underline-offset-2">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
