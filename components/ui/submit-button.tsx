import type { ButtonHTMLAttributes } from "react";
import { Button } from "./primitives";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> & {
  tone?: "primary" | "danger";
  /** The mutation is running: the button says so (`busyLabel`) and cannot be pressed again. */
  pending: boolean;
  label: string;
  busyLabel?: string;
  /** Shows "Saved." beside the button once the last submit succeeded (a polite status for screen readers). */
  saved?: boolean;
};

/** Every form's submit button: one busy wording, one disabled rule, one "Saved." status. */
export function SubmitButton({ pending, label, busyLabel = "Saving…", saved, disabled, ...props }: Props) {
  return (
    <>
      <Button type="submit" {...props} disabled={pending || disabled} aria-busy={pending}>
        {pending ? busyLabel : label}
      </Button>
      {saved && (
        <p className="text-xs text-emerald-800" role="status">
          Saved.
        </p>
      )}
    </>
  );
}
