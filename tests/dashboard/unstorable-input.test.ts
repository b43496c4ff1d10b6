import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { items, studios } from "@/db/schema";
import { newId } from "@/server/lib/ids";
import { useDatabase } from "../harness";
import { callerFor, expectCode, fieldErrorsOf, studioFixture, type StudioFixture } from "./studio-staff";

// The dashboard refuses what the REST API refuses (docs/security.md, "Request bodies"): a lone
// surrogate used to be stored as U+FFFD, and a NUL character is more than Postgres text can hold.
useDatabase();

let studio: StudioFixture;
beforeAll(async () => {
  studio = await studioFixture();
});

describe("dashboard input the database cannot keep as sent", () => {
  it("a lone surrogate in a studio name is BAD_REQUEST on input.name, and the name is unchanged", async () => {
    const owner = await callerFor(studio.staff.owner);
    const error = await expectCode(owner.studio.rename({ name: "Studio \ud800" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ name: ["Must not contain a lone UTF-16 surrogate"] });
    const rows = await (await getDb()).select({ name: studios.name }).from(studios).where(eq(studios.id, studio.studioId));
    expect(rows[0]?.name).toMatch(/^Studio [0-9a-f]+$/);
  });

  it("a NUL character or a lone surrogate in an item's fields is refused naming each field; nothing changes", async () => {
    const developer = await callerFor(studio.staff.developer);
    const at = { gameId: studio.gameId, env: "test" as const };
    const error = await expectCode(
      developer.catalog.updateItem({ ...at, sku: "shield", name: "Sh\udc00", description: "a\u0000b", type: "durable", maxOwned: 3 }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toEqual({ name: ["Must not contain a lone UTF-16 surrogate"], description: ["Must not contain the NUL character"] });
    const rows = await (await getDb()).select({ name: items.name }).from(items).where(and(eq(items.gameId, studio.gameId), eq(items.env, "test"), eq(items.sku, "shield")));
    expect(rows.map((row) => row.name)).toEqual(["Shield"]);
  });

  it("a well-formed pair passes, and the role check still comes first", async () => {
    const owner = await callerFor(studio.staff.owner);
    await expect(owner.studio.rename({ name: `Studio 😀 ${newId()}` })).resolves.toBeTruthy();
    const viewer = await callerFor(studio.staff.viewer);
    await expectCode(viewer.studio.rename({ name: "Studio \ud800" }), "FORBIDDEN");
  });
});
