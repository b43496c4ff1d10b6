import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { requestPasswordResetAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Reset your password · Gamecoin" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new one.">
      <ForgotPasswordForm action={requestPasswordResetAction} />
    </AuthCard>
  );
}
