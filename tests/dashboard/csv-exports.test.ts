import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serveCsvExport } from "@/server/exports/serve-csv-export";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { useDatabase } from "../harness";
import { downloadExport, refusedExport } from "./csv-export-helpers";
import { addStaff, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [studio, other] = await Promise.all([studioFixture(), studioFixture()]);
});
beforeEach(() => resetRateLimits());

const game = () => ({ gameId: studio.gameId, env: "test" });
const params = (query: Record<string, string>) => new URLSearchParams(query);

describe("GET /api/exports/<kind>: streamed CSV downloads", () => {
  it("needs a signed-in member: 401 UNAUTHENTICATED", async () => {
    expect(await refusedExport(null, "orders", game())).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
  });

  it("answers 404 for an unknown export and for another studio's game", async () => {
    expect(await refusedExport(studio.staff.viewer, "everything", game())).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await refusedExport(other.staff.owner, "orders", game())).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("checks the filters with the list's schema: 400 with field errors, unknown parameters refused", async () => {
    expect(await refusedExport(studio.staff.viewer, "orders", { ...game(), status: "lost" })).toMatchObject({
      code: "VALIDATION_FAILED",
      details: { fieldErrors: { status: [expect.any(String)] } },
    });
    expect(await refusedExport(studio.staff.viewer, "players", { ...game(), sort: "name" })).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect(await refusedExport(studio.staff.viewer, "orders", { gameId: studio.gameId, env: "staging" })).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("runs at most two exports per member at once; the third is 429 until one ends, another member is not held back", async () => {
    const member = await addStaff(studio.studioId, "viewer", "Exporter");
    const first = await serveCsvExport(member, "orders", params(game()));
    const second = await serveCsvExport(member, "players", params(game()));
    expect([first.kind, second.kind]).toEqual(["file", "file"]);
    const third = await refusedExport(member, "orders", game());
    expect(third).toMatchObject({ code: "RATE_LIMITED", status: 429, message: "Two exports are already running for you; wait for one to finish." });
    expect(Number(third.headers["Retry-After"])).toBeGreaterThan(0);
    await expect(downloadExport(studio.staff.viewer, "orders", game())).resolves.toMatchObject({ filename: expect.stringMatching(/^orders-test-/) });

    // One read to its end gives its slot back; a canceled download too.
    if (first.kind !== "file" || second.kind !== "file") throw new Error("files expected");
    await new Response(first.body).arrayBuffer();
    const fourth = await serveCsvExport(member, "orders", params(game()));
    expect(fourth.kind).toBe("file");
    expect((await refusedExport(member, "orders", game())).code).toBe("RATE_LIMITED");
    await second.body.cancel();
    await expect(downloadExport(member, "orders", game())).resolves.toMatchObject({ csv: expect.stringMatching(/^order_id,/) });
    if (fourth.kind === "file") await fourth.body.cancel();
  });

  it("ten exports asked at once by one member: exactly two run", async () => {
    const member = await addStaff(studio.studioId, "viewer", "Eager");
    const answers = await Promise.all(Array.from({ length: 10 }, () => serveCsvExport(member, "orders", params(game()))));
    const files = answers.filter((a) => a.kind === "file");
    expect(files).toHaveLength(2);
    expect(answers.filter((a) => a.kind === "refused" && a.error.code === "RATE_LIMITED")).toHaveLength(8);
    for (const file of files) if (file.kind === "file") await file.body.cancel();
  });

  it("a refused export gives its slot back at once", async () => {
    const member = await addStaff(studio.studioId, "viewer", "Refused");
    for (let i = 0; i < 3; i += 1) expect((await refusedExport(member, "orders", { ...game(), status: "lost" })).code).toBe("VALIDATION_FAILED");
    await expect(downloadExport(member, "orders", game())).resolves.toMatchObject({ filename: expect.any(String) });
  });
});
