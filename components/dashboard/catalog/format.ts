/** Form helpers shared by the catalog and player forms (dates and numbers are shown through components/ui/format.tsx). */

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
