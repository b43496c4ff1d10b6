"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

type ForgotPasswordState = { fieldErrors: Record<string, string[]>; message: string | null; sentTo: string | null };

const linkClass = "text-sm font-medium text-indigo-700 underline underline-offset-2";

export function ForgotPasswordForm({ action }: { action: (s: ForgotPasswordState, f: FormData) => Promise<ForgotPasswordState> }) {
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null, sentTo: null });
  const sent = useRef<HTMLDivElement>(null);
  // The form is replaced by the answer: focus moves to it so keyboard and screen reader users hear it.
  useEffect(() => {
    if (state.sentTo) sent.current?.focus();
  }, [state.sentTo]);
  if (state.sentTo) {
    return (
      <div ref={sent} tabIndex={-1} role="status" className="space-y-4 text-sm text-slate-700 focus:outline-none">
        <p>
          If an account uses <strong className="break-all">{state.sentTo}</strong>, we have sent it a link to choose a new password. The link works once,
          for 30 minutes.
        </p>
        <p>Nothing arrived? Check your spam folder, or ask again in a few minutes.</p>
        <Link href="/login" className={linkClass}>
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-4">
      <ErrorBanner message={state.message} />
      <Field label="E-mail" error={state.fieldErrors.email}>
        <TextInput name="email" type="email" autoComplete="username" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send the link"}
      </Button>
      <p className="text-center">
        <Link href="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
