import { headers } from "next/headers";
import { getDb } from "@/server/db/connection";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthCard } from "@/components/auth/auth-card";
import { lockoutMessage } from "@/components/auth/lockout-message";
import { ErrorBanner } from "@/components/ui/primitives";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { openInvitation } from "@/server/auth/invitation-acceptance";
import { trustedClientIp } from "@/server/lib/client-ip";
import { acceptInvitationAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Invitation · Gamecoin" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let invitation: Awaited<ReturnType<typeof openInvitation>>;
  try {
    // Opening a link counts like accepting it: otherwise this page would tell a guessed link from a wrong one without limit.
    invitation = await openInvitation(await getDb(), token, { clientIp: trustedClientIp(await headers()) });
  } catch (error) {
    const lockedFor = lockedForSeconds(error);
    if (lockedFor === null) throw error;
    return (
      <AuthCard title="Invitation">
        <ErrorBanner message={lockoutMessage("attempts", lockedFor)} />
      </AuthCard>
    );
  }
  if (!invitation) {
    return (
      <AuthCard title="Invitation not valid" subtitle="It may have expired or been used. Ask an admin for a new one.">
        <a href="/login" className="text-sm font-medium text-indigo-700 underline underline-offset-2">
          Go to sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join your team" subtitle={`You are invited as ${invitation.role}.`}>
      <AcceptInvitationForm token={token} email={invitation.email} action={acceptInvitationAction} />
    </AuthCard>
  );
}
