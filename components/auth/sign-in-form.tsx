"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";
import { lockoutMessage, signInLockout } from "./lockout-message";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setBusy(true);
        setError(null);
        const result = await signIn("credentials", {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          redirect: false,
        });
        setBusy(false);
        if (!result || result.error) {
          const lockedFor = signInLockout(result?.error);
          setError(lockedFor === null ? "Wrong e-mail or password." : lockoutMessage("sign-ins", lockedFor));
          return;
        }
        router.push(callbackUrl);
        router.refresh();
      }}
    >
      <ErrorBanner message={error} />
      <Field label="E-mail">
        <TextInput name="email" type="email" autoComplete="username" required />
      </Field>
      <Field label="Password">
        <TextInput name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
