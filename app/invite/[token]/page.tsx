import { getDb } from "@/db/client";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthCard } from "@/components/auth/auth-card";
import { findInvitation } from "@/server/auth/members";
import { acceptInvitationAction } from "./actions";

export const dynamic = "force-dynamic";

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(await getDb(), token);
  if (!invitation) {
    return (
      <AuthCard title="Invitation not valid" subtitle="It may have expired or been used. Ask an admin for a new one.">
        <a href="/login" className="text-sm font-medium text-indigo-600">
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
