import { describe, expect, it } from "vitest";
import { sectionOf } from "@/components/dashboard/game-nav";
import { roleChangeConsequence } from "@/components/dashboard/members/role-change";
import { slugFromName } from "@/components/dashboard/games/slug";
import { staffRoles } from "@/db/schema";
import { roleAbilities } from "@/server/auth/roles";

describe("the slug that follows a new game's name", () => {
  it.each([
    ["Starfall Arena", "starfall-arena"],
    ["  Rïse of the Œuvre: Part 2!  ", "rise-of-the-uvre-part-2"],
    ["---", ""],
    ["A".repeat(60), "a".repeat(48)],
    [`${"word ".repeat(9)}x`, "word-word-word-word-word-word-word-word-word-x"],
    [`${"abcd ".repeat(9)}abcdefgh`, "abcd-abcd-abcd-abcd-abcd-abcd-abcd-abcd-abcd-abc"],
    [`${"a".repeat(47)} b`, "a".repeat(47)],
  ])("%j → %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe("switching environment or game keeps the section, never the record", () => {
  const base = "/games/g1/test";
  it.each([
    ["/games/g1/test", ""],
    ["/games/g1/test/players", "players"],
    ["/games/g1/test/players/p123", "players"],
    ["/games/g1/test/orders/o1", "orders"],
    ["/games/g1/test/webhooks/deliveries/d1", "webhooks"],
    ["/games/g1/test/settings", "settings"],
    ["/games/g1/test/unknown-section", ""],
    ["/members", ""],
  ])("%s → %j", (path, section) => {
    expect(sectionOf(path, base)).toBe(section);
  });
});

describe("what a role change says", () => {
  const ctx = { me: { id: "me", role: "owner" as const }, roles: staffRoles, abilities: roleAbilities };
  const member = { id: "m1", name: "Ada", email: "ada@studio.test", role: "support" as const };

  it("names what owners can do and that you stay owner", () => {
    expect(roleChangeConsequence(ctx, member, "owner")).toBe(
      "Ada becomes an owner: owners can do everything admins can (members and invitations, payment keys and the seller's identity, renaming and archiving games), and also rename the studio and change the role of other owners or remove them, you included. You stay owner.",
    );
  });

  it("says what a promotion gives and a demotion takes away", () => {
    expect(roleChangeConsequence(ctx, member, "admin")).toBe(
      "As admin, Ada also changes the live catalog (edit, import, publish), manages members and invitations, the payment settings and the seller's identity, renames or archives games, and exports or erases a player's personal data. This applies from their next request.",
    );
    expect(roleChangeConsequence(ctx, member, "viewer")).toBe(
      "Ada loses what the support role allows beyond viewer. As viewer, Ada reads everything except the payment settings, the audit log included. This applies from their next request.",
    );
  });
});
