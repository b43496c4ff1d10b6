import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileRemovalMs } from "../../scripts/bench/file-removal";
import type { Sql } from "../../scripts/bench/pg";

/** A stand-in for the admin connection: it answers only `SHOW data_directory`. */
function serverWithDataDirectory(dataDirectory: string): Sql {
  return (async () => [{ data_directory: dataDirectory }]) as unknown as Sql;
}

let parent: string | undefined;
afterEach(async () => {
  if (parent) await rm(parent, { recursive: true, force: true });
  parent = undefined;
});

describe("the grown bench's yardstick: the filesystem's own time to free a dropped week's bytes", () => {
  it("writes the bytes beside the data directory, times their removal, and leaves nothing behind", async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), "file-removal-"));
    const result = await fileRemovalMs(serverWithDataDirectory(path.join(parent, "main")), 3 * 1024 ** 2 + 5);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.note).toMatch(new RegExp(`^1 files in ${parent}/\\.gamecoin-bench-\\w{6}`));
    expect(await readdir(parent)).toEqual([]);
  });

  it("answers null, and why, where the bench may not write", async () => {
    const result = await fileRemovalMs(serverWithDataDirectory("/proc/no-such-cluster/main"), 1024);
    expect(result.ms).toBeNull();
    expect(result.note).toMatch(/^cannot write beside \/proc\/no-such-cluster\/main: /);
  });
});
