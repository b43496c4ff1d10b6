import { headers } from "next/headers";
import Link from "next/link";
import { getDb } from "@/server/db/connection";
import { AuthCard } from "@/components/auth/auth-card";
import { lockoutMessage } from "@/components/auth/lockout-message";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { ErrorBanner } from "@/components/ui/primitives";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { openPasswordReset } from "@/server/auth/password-reset";
import { trustedClientIp } from "@/server/lib/client-ip";
import { resetPasswordAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Choose a new password · Gamecoin" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let reset: Awaited<ReturnType<typeof openPasswordReset>>;
  try {
    // Opening a link counts like using it: otherwise this page would tell a guessed link from a wrong one without limit.
    reset = await openPasswordReset(await getDb(), token, { clientIp: trustedClientIp(await headers()) });
  } catch (error) {
    const lockedFor = lockedForSeconds(error);
    if (lockedFor === null) throw error;
    return (
      <AuthCard title="Choose a new password">
        <ErrorBanner message={lockoutMessage("attempts", lockedFor)} />
      </AuthCard>
    );
  }
  if (!reset) {
    return (
      <AuthCard title="Reset link not valid" subtitle="It may have expired or been used already. Links work once, for 30 minutes.">
        <Link href="/forgot-password" className="text-sm font-medium text-indigo-700 underline underline-offset-2">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="Every session of your account is signed out when you save it.">
      <ResetPasswordForm token={token} email={reset.email} action={resetPasswordAction} />
    </AuthCard>
  );
}
