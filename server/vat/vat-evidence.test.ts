import { describe, expect, it } from "vitest";
import { vatEvidenceOf } from "./vat-evidence";

describe("vatEvidenceOf: the picked country against the IP's and the payment method's", () => {
  it("names each case, always charges the picked country, and flags all but agreement", () => {
    const cases = [
      [{ country: "FR", ipCountry: "FR", paymentCountry: "FR" }, "agrees", null],
      [{ country: "FR", ipCountry: null, paymentCountry: "FR" }, "agrees", null],
      [{ country: "FR", ipCountry: "FR", paymentCountry: "US" }, "mixed", null],
      [{ country: "FR", ipCountry: "BE", paymentCountry: null }, "conflict", null],
      [{ country: "FR", ipCountry: "BE", paymentCountry: "DE" }, "conflict", null],
      // Both other pieces agree on another member state: the presumption points there.
      [{ country: "FR", ipCountry: "BE", paymentCountry: "BE" }, "conflict", "BE"],
      [{ country: "FR", ipCountry: null, paymentCountry: null }, "insufficient", null],
    ] as const;
    for (const [pieces, status, otherCountry] of cases) {
      expect(vatEvidenceOf(pieces), JSON.stringify(pieces)).toEqual({ status, vatCountry: "FR", otherCountry, flagged: status !== "agrees" });
    }
  });
});
