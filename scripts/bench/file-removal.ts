/**
 * The filesystem's own time to free what a dropped table frees, the yardstick of the grown bench's
 * week drop as pgbench is of its spends: files of the same total size, cut in Postgres's 1 GB
 * segments, written beside the data directory (the same filesystem, as a rule), flushed, then removed
 * one after the other and timed. On a filesystem mounted with `discard`, freeing gigabytes waits on
 * the disk whatever the database does.
 */
import { mkdtemp, open, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { Sql } from "./pg";

const SEGMENT_BYTES = 1024 ** 3;
const CHUNK = Buffer.alloc(8 * 1024 ** 2, 0x5a);

async function writeFile(file: string, bytes: number): Promise<void> {
  const handle = await open(file, "w");
  try {
    for (let written = 0; written < bytes; written += CHUNK.length) {
      await handle.write(CHUNK, 0, Math.min(CHUNK.length, bytes - written));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Milliseconds to remove `bytes` of files on the data directory's filesystem; null (and why) where the bench may not write there. */
export async function fileRemovalMs(sql: Sql, bytes: number): Promise<{ ms: number | null; note: string }> {
  const [setting] = await sql<{ data_directory: string }[]>`SHOW data_directory`;
  if (!setting) return { ms: null, note: "the data directory is unknown" };
  let folder: string;
  try {
    folder = await mkdtemp(path.join(path.dirname(setting.data_directory), ".gamecoin-bench-"));
  } catch (error) {
    return { ms: null, note: `cannot write beside ${setting.data_directory}: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const files: string[] = [];
    for (let left = bytes, i = 0; left > 0; left -= SEGMENT_BYTES, i += 1) {
      const file = path.join(folder, `segment.${i}`);
      await writeFile(file, Math.min(left, SEGMENT_BYTES));
      files.push(file);
    }
    const started = performance.now();
    for (const file of files) await unlink(file);
    return { ms: Math.round((performance.now() - started) * 100) / 100, note: `${files.length} files in ${folder}` };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
