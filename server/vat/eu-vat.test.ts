import { describe, expect, it } from "vitest";
import { checkoutCountry, DEFAULT_COUNTRY, EuCountry, euCountries, isEuCountry, vatFor, vatIncluded, vatRateBp } from "./eu-vat";
import { vatRateTable } from "./vat-rates";

/**
 * Standard rates in force on 2025-09-01 (after the 2025 changes in EE, SK and RO) and the VAT included
 * in 99, 499, 1999 and 4999 cents, computed by hand: round(amount × rate ÷ (10000 + rate)), half up.
 */
const AT_2025_09_01: Record<string, [rateBp: number, vat99: number, vat499: number, vat1999: number, vat4999: number]> = {
  AT: [2000, 17, 83, 333, 833],
  BE: [2100, 17, 87, 347, 868],
  BG: [2000, 17, 83, 333, 833],
  CY: [1900, 16, 80, 319, 798],
  CZ: [2100, 17, 87, 347, 868],
  DE: [1900, 16, 80, 319, 798],
  DK: [2500, 20, 100, 400, 1000],
  EE: [2400, 19, 97, 387, 968],
  ES: [2100, 17, 87, 347, 868],
  FI: [2550, 20, 101, 406, 1016],
  FR: [2000, 17, 83, 333, 833],
  GR: [2400, 19, 97, 387, 968],
  HR: [2500, 20, 100, 400, 1000],
  HU: [2700, 21, 106, 425, 1063],
  IE: [2300, 19, 93, 374, 935],
  IT: [2200, 18, 90, 360, 901],
  LT: [2100, 17, 87, 347, 868],
  LU: [1700, 14, 73, 290, 726],
  LV: [2100, 17, 87, 347, 868],
  MT: [1800, 15, 76, 305, 763],
  NL: [2100, 17, 87, 347, 868],
  PL: [2300, 19, 93, 374, 935],
  PT: [2300, 19, 93, 374, 935],
  RO: [2100, 17, 87, 347, 868],
  SE: [2500, 20, 100, 400, 1000],
  SI: [2200, 18, 90, 360, 901],
  SK: [2300, 19, 93, 374, 935],
};
const PRICES = [99, 499, 1999, 4999] as const;
const SEPT_2025 = new Date("2025-09-01T12:00:00Z");

describe("the country list", () => {
  it("is exactly the 27 EU member states, sorted", () => {
    expect(euCountries).toEqual(Object.keys(AT_2025_09_01).sort());
    expect(euCountries).toHaveLength(27);
  });

  it.each(["GB", "US", "CH", "NO", "XX", "fr", ""])("%j is not a country we sell to", (code) => {
    expect(isEuCountry(code)).toBe(false);
  });

  it("every table line is dated YYYY-MM-DD with a rate between 0 and 100 %", () => {
    for (const line of vatRateTable) {
      expect(line.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(line.rateBp).toBeGreaterThan(0);
      expect(line.rateBp).toBeLessThan(10_000);
    }
  });
});

describe("VAT of the 27 countries at four prices", () => {
  const cases = Object.entries(AT_2025_09_01).flatMap(([country, [rate, ...vats]]) =>
    PRICES.map((price, i) => ({ country, rate, price, vat: vats[i] ?? -1 })),
  );

  it.each(cases)("$country $price cents: rate $rate, VAT $vat", ({ country, rate, price, vat }) => {
    expect(vatRateBp(country, SEPT_2025)).toBe(rate);
    expect(vatFor(price, country, SEPT_2025)).toEqual({ country, vatRateBp: rate, vatCents: vat, netCents: price - vat });
  });
});

describe("rounding", () => {
  it("half up on an exact half cent (20 %: VAT is a sixth of the price)", () => {
    expect(vatIncluded(3, 2000)).toEqual({ vatCents: 1, netCents: 2 }); // 0.5
    expect(vatIncluded(9, 2000)).toEqual({ vatCents: 2, netCents: 7 }); // 1.5
    expect(vatIncluded(15, 2000)).toEqual({ vatCents: 3, netCents: 12 }); // 2.5, not banker's 2
    expect(vatIncluded(99, 2000)).toEqual({ vatCents: 17, netCents: 82 }); // 16.5
  });

  it("down below a half, up above it", () => {
    expect(vatIncluded(1, 2000)).toEqual({ vatCents: 0, netCents: 1 }); // 0.17
    expect(vatIncluded(2, 2000)).toEqual({ vatCents: 0, netCents: 2 }); // 0.33
    expect(vatIncluded(4, 2000)).toEqual({ vatCents: 1, netCents: 3 }); // 0.67
    expect(vatIncluded(4999, 2700)).toEqual({ vatCents: 1063, netCents: 3936 }); // 1062.76
    expect(vatIncluded(1999, 2550)).toEqual({ vatCents: 406, netCents: 1593 }); // 406.18
  });

  it("a free pack has no VAT", () => {
    expect(vatFor(0, "HU", SEPT_2025)).toEqual({ country: "HU", vatRateBp: 2700, vatCents: 0, netCents: 0 });
  });

  it("agrees with exact rational arithmetic on every amount up to 10 000 cents at every rate of the table", () => {
    const rates = [...new Set(vatRateTable.map((l) => l.rateBp))];
    for (const rate of rates) {
      for (let amount = 0; amount <= 10_000; amount += 1) {
        const numerator = BigInt(amount) * BigInt(rate);
        const denominator = BigInt(10_000 + rate);
        const expected = Number(numerator / denominator + ((numerator % denominator) * 2n >= denominator ? 1n : 0n));
        const got = vatIncluded(amount, rate);
        if (got.vatCents !== expected || got.netCents !== amount - expected) {
          expect({ amount, rate, ...got }).toEqual({ amount, rate, vatCents: expected, netCents: amount - expected });
        }
      }
    }
  });

  it("stays exact at the largest pack price (1 000 000 cents)", () => {
    expect(vatIncluded(1_000_000, 2700)).toEqual({ vatCents: 212_598, netCents: 787_402 }); // 212598.43
    expect(vatIncluded(1_000_000, 2000)).toEqual({ vatCents: 166_667, netCents: 833_333 }); // 166666.67
  });
});

describe("the dated table", () => {
  const at = (iso: string) => new Date(iso);

  it("EE: 20 % until 2023, 22 % from 2024-01-01, 24 % from 2025-07-01", () => {
    expect(vatRateBp("EE", at("2023-12-31T23:59:59.999Z"))).toBe(2000);
    expect(vatRateBp("EE", at("2024-01-01T00:00:00Z"))).toBe(2200);
    expect(vatRateBp("EE", at("2025-06-30T23:59:59.999Z"))).toBe(2200);
    expect(vatRateBp("EE", at("2025-07-01T00:00:00Z"))).toBe(2400);
    expect(vatFor(499, "EE", at("2025-06-30T12:00:00Z"))).toEqual({ country: "EE", vatRateBp: 2200, vatCents: 90, netCents: 409 });
    expect(vatFor(499, "EE", at("2025-07-01T12:00:00Z"))).toEqual({ country: "EE", vatRateBp: 2400, vatCents: 97, netCents: 402 });
  });

  it("FI: 24 % until 2024-08-31, 25.5 % from 2024-09-01", () => {
    expect(vatRateBp("FI", at("2024-08-31T23:59:59.999Z"))).toBe(2400);
    expect(vatRateBp("FI", at("2024-09-01T00:00:00Z"))).toBe(2550);
    expect(vatFor(1999, "FI", at("2024-08-31T12:00:00Z"))).toEqual({ country: "FI", vatRateBp: 2400, vatCents: 387, netCents: 1612 });
    expect(vatFor(1999, "FI", at("2024-09-01T12:00:00Z"))).toEqual({ country: "FI", vatRateBp: 2550, vatCents: 406, netCents: 1593 });
  });

  it("SK: 20 % until 2024, 23 % from 2025-01-01", () => {
    expect(vatRateBp("SK", at("2024-12-31T23:59:59.999Z"))).toBe(2000);
    expect(vatRateBp("SK", at("2025-01-01T00:00:00Z"))).toBe(2300);
    expect(vatFor(4999, "SK", at("2024-12-31T12:00:00Z"))).toEqual({ country: "SK", vatRateBp: 2000, vatCents: 833, netCents: 4166 });
    expect(vatFor(4999, "SK", at("2025-01-01T12:00:00Z"))).toEqual({ country: "SK", vatRateBp: 2300, vatCents: 935, netCents: 4064 });
  });

  it("RO: 19 % until 2025-07-31, 21 % from 2025-08-01", () => {
    expect(vatRateBp("RO", at("2025-07-31T23:59:59.999Z"))).toBe(1900);
    expect(vatRateBp("RO", at("2025-08-01T00:00:00Z"))).toBe(2100);
    expect(vatFor(99, "RO", at("2025-07-31T12:00:00Z"))).toEqual({ country: "RO", vatRateBp: 1900, vatCents: 16, netCents: 83 });
    expect(vatFor(99, "RO", at("2025-08-01T12:00:00Z"))).toEqual({ country: "RO", vatRateBp: 2100, vatCents: 17, netCents: 82 });
  });

  it("LU: 16 % in 2023, 17 % from 2024-01-01", () => {
    expect(vatRateBp("LU", at("2023-06-01T00:00:00Z"))).toBe(1600);
    expect(vatRateBp("LU", at("2024-01-01T00:00:00Z"))).toBe(1700);
  });

  it("a country whose rate did not change keeps it on both sides of those dates", () => {
    for (const iso of ["2024-08-31T12:00:00Z", "2024-09-01T12:00:00Z", "2025-06-30T12:00:00Z", "2025-07-01T12:00:00Z", "2030-01-01T00:00:00Z"]) {
      expect(vatRateBp("FR", at(iso))).toBe(2000);
      expect(vatRateBp("BE", at(iso))).toBe(2100);
      expect(vatRateBp("HU", at(iso))).toBe(2700);
    }
  });

  it("the line order in the table does not matter: the latest start date not after the day wins", () => {
    // Every country with several lines: on each line's first day, that line's rate applies.
    for (const line of vatRateTable) expect(vatRateBp(line.country, at(`${line.from}T00:00:00Z`))).toBe(line.rateBp);
  });

  it("a country outside the table has no rate", () => {
    expect(() => vatRateBp("US", SEPT_2025)).toThrow();
  });
});

describe("the buyer's country", () => {
  it("the requested country wins", () => {
    expect(checkoutCountry("DE", "FR")).toBe("DE");
    expect(checkoutCountry("DE", "US")).toBe("DE");
    expect(checkoutCountry("DE", null)).toBe("DE");
  });

  it("else the player's country when it is in the EU", () => {
    expect(checkoutCountry(undefined, "NL")).toBe("NL");
  });

  it("else Belgium", () => {
    expect(DEFAULT_COUNTRY).toBe("BE");
    expect(checkoutCountry(undefined, null)).toBe("BE");
    expect(checkoutCountry(undefined, "US")).toBe("BE");
    expect(checkoutCountry(undefined, "GB")).toBe("BE");
  });
});

describe("the request field", () => {
  it("upper-cases what it accepts", () => {
    expect(EuCountry.parse("fr")).toBe("FR");
    expect(EuCountry.parse("Fr")).toBe("FR");
    expect(EuCountry.parse("DE")).toBe("DE");
  });

  it.each(["US", "GB", "XX", "gb", "", "FRA", " FR"])("refuses %j", (value) => {
    expect(EuCountry.safeParse(value).success).toBe(false);
  });

  it("refuses a non-string", () => {
    expect(EuCountry.safeParse(33).success).toBe(false);
    expect(EuCountry.safeParse(null).success).toBe(false);
  });
});
