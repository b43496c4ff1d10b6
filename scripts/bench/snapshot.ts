/**
 * `--isolated`: the bench builds and runs a copy of the working tree, so a `next build` or `next dev`
 * started by someone else in the same checkout cannot replace .next under the running server.
 * Tracked and untracked-but-not-ignored files are copied; node_modules is hard-linked (same filesystem).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function snapshotWorkingTree(root: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gamecoin-bench-tree-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      copyFileSync(from, to);
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
