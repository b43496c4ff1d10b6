/**
 * `npm run build` (after `next build`): compiles server.ts and the server modules it imports into one
 * ES module, dist/server.js, so `npm start` runs plain `node` (no TypeScript compiler in the running
 * process). Packages stay external (loaded from node_modules, as Next.js loads them); the `@/` alias
 * is resolved from tsconfig.json. docs/decisions.md says why esbuild and not tsc.
 */
import { build } from "esbuild";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "dist", "server.js");

/** `server-only` throws unless resolved with the react-server condition; outside React it guards nothing. */
const serverOnlyIsEmpty = {
  name: "server-only-is-empty",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

await rm(path.join(root, "dist"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ["server.ts"],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  tsconfig: "tsconfig.json",
  plugins: [serverOnlyIsEmpty],
  // Stack traces map back to the .ts files with NODE_OPTIONS=--enable-source-maps.
  sourcemap: "linked",
  logLevel: "warning",
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`dist/server.js: ${inputs} modules compiled (${path.relative(root, outfile)})`);
