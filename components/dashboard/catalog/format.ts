/** Display helpers shared by the catalog and player pages (client side: browser locale and time zone). */

const euros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });
const counts = new Intl.NumberFormat("en-US");

export function formatCents(cents: number): string {
  return euros.format(cents / 100);
}

export function formatAmount(amount: number): string {
  return counts.format(amount);
}

/** A signed delta, "+25" / "−10" / "0". */
export function formatDelta(amount: number): string {
  if (amount > 0) return `+${counts.format(amount)}`;
  if (amount < 0) return `−${counts.format(-amount)}`;
  return "0";
}

export function formatDateTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";
}

/** ISO instant → value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInput(iso: string | Date | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** <input type="datetime-local"> value → ISO instant with offset (what the catalog schema takes), or null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/**
 * Reads the text fields of a form as numbers. Only the parsing happens here (text that is not a number
 * cannot be sent as one); every rule on the number itself (bounds, zero) is the server schema's.
 */
export class NumberFields {
  readonly errors: Record<string, string[]> = {};

  /** A whole number (sign allowed); empty is null, or an error when the field is required. */
  whole(field: string, text: string, options: { required: boolean }): number | null {
    const trimmed = text.trim().replace(/^\+/, "");
    if (trimmed === "") {
      if (options.required) this.errors[field] = ["Required"];
      return null;
    }
    if (!/^-?\d+$/.test(trimmed)) {
      this.errors[field] = ["Enter a whole number"];
      return null;
    }
    return Number(trimmed);
  }

  /** Euros with at most two decimals ("4.99", "4,99", "5") as cents. */
  cents(field: string, text: string): number {
    const trimmed = text.trim().replace(",", ".");
    if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) {
      this.errors[field] = [trimmed === "" ? "Required" : "Enter euros, like 4.99"];
      return 0;
    }
    const [whole = "0", fraction = ""] = trimmed.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

export function centsToEuros(cents: number): string {
  return (cents / 100).toFixed(2);
}
