import { describe, expect, it } from "vitest";
import { countriesByName, countryName } from "@/server/payments/countries";
import { localizedName } from "@/server/catalog/localized-name";
import { euCountries } from "@/server/vat/eu-vat";

const names = (locale: "fr" | "en" | "nl") => countriesByName(euCountries, locale).map((c) => c.name);

describe("the payment page's country list", () => {
  it("is sorted by the name in the page's language, not by ISO code", () => {
    expect(names("fr").slice(0, 6)).toEqual(["Allemagne", "Autriche", "Belgique", "Bulgarie", "Chypre", "Croatie"]);
    expect(names("en").slice(0, 6)).toEqual(["Austria", "Belgium", "Bulgaria", "Croatia", "Cyprus", "Czechia"]);
    expect(names("nl").slice(0, 6)).toEqual(["België", "Bulgarije", "Cyprus", "Denemarken", "Duitsland", "Estland"]);
  });

  it("sorts accented names where a reader expects them (Grèce before Hongrie, Slovénie before Suède)", () => {
    const fr = names("fr");
    expect(fr.slice(10, 14)).toEqual(["France", "Grèce", "Hongrie", "Irlande"]);
    expect(fr.slice(-3)).toEqual(["Slovénie", "Suède", "Tchéquie"]);
    expect(names("nl").slice(-3)).toEqual(["Spanje", "Tsjechië", "Zweden"]);
  });

  it("keeps all 27 codes, each with its own name", () => {
    const fr = countriesByName(euCountries, "fr");
    expect(fr).toHaveLength(27);
    expect(new Set(fr.map((c) => c.code))).toEqual(new Set(euCountries));
    expect(fr.find((c) => c.code === "DE")).toEqual({ code: "DE", name: "Allemagne" });
    expect(fr.find((c) => c.code === "NL")).toEqual({ code: "NL", name: "Pays-Bas" });
  });

  it("names one country the same way wherever it is shown", () => {
    expect(countryName("NL", "en")).toBe("Netherlands");
    expect(countryName("NL", "fr")).toBe("Pays-Bas");
    expect(countryName("NL", "nl")).toBe("Nederland");
    expect(countryName("BE", "nl")).toBe("België");
  });
});

describe("localizedName", () => {
  const entry = { name: "Gold Coins", translations: { fr: { name: "Pièces d'or" }, nl: { name: "  ", description: "Glimmend" } } };

  it("gives the studio's translation in the page's language", () => {
    expect(localizedName(entry, "fr")).toBe("Pièces d'or");
  });

  it("falls back to the base name when the language has none, or only a blank one", () => {
    expect(localizedName(entry, "en")).toBe("Gold Coins");
    expect(localizedName(entry, "nl")).toBe("Gold Coins");
    expect(localizedName({ name: "Gold Coins", translations: {} }, "fr")).toBe("Gold Coins");
    expect(localizedName({ name: "Gold Coins", translations: null }, "fr")).toBe("Gold Coins");
  });
});
