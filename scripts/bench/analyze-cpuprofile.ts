/**
 * `npx tsx scripts/bench/analyze-cpuprofile.ts <file.cpuprofile> [top]`: where a Node CPU profile
 * (node --cpu-prof) spent its busy time, by package and by function (self time), plus inclusive time
 * of a few functions of interest. FROM_SECONDS leaves out the first seconds of the profile (start-up). Used to profile the server under the bench load (docs/performance.md).
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function category(url: string, fn: string): string {
  if (fn === "(idle)") return "(idle)";
  if (fn === "(garbage collector)") return "(garbage collector)";
  if (fn === "(program)") return "(program: native / V8)";
  if (!url) return "(native)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? "?");
    if (pkg === "next") {
      const sub = url.includes("/compiled/") ? `next/compiled/${url.split("/compiled/")[1]?.split("/")[0]}` : "next/dist";
      return sub;
    }
    return pkg;
  }
  if (url.includes("/.next/")) return "app bundle (.next)";
  if (url.endsWith("/dist/server.js")) return "app server (dist/server.js)";
  // unbundled sources (tsx): the app's own folders
  const own = /\/(server|db|app|scripts)\/(?:([^/]+)\/)?/.exec(url);
  if (own) return `app: ${own[1]}${own[2] && !own[2].includes(".") ? `/${own[2]}` : ""}`;
  return url;
}

/** The report's lines: self time by package, the top functions by self time, inclusive time. */
/** `top` rows per table; `interesting`: names the inclusive table is filtered by; `fromSeconds`: samples before it left out. */
export type ProfileReportOptions = { top?: number; interesting?: string[]; fromSeconds?: number };

export function profileReport(file: string, { top = 25, interesting = [], fromSeconds = 0 }: ProfileReportOptions = {}): string[] {
  const lines: string[] = [];
  const print = (line: string) => lines.push(line);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<number, number>();
  // Samples before `fromSeconds` (start-up, warm-up) are left out.
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= fromSeconds * 1e6) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });

  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const cat = category(url, functionName);
    byCategory.set(cat, (byCategory.get(cat) ?? 0) + us);
    if (cat === "(idle)") continue;
    busy += us;
    const fnKey = `${functionName || "(anonymous)"} ${cat}:${lineNumber + 1}`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + us);
    // inclusive time per category along the stack (each category counted once per sample)
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)?.callFrame;
      if (!frame) break;
      const key = `${category(frame.url, frame.functionName)} :: ${frame.functionName || "(anonymous)"}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const pct = (us: number, of: number) => `${((us / of) * 100).toFixed(1).padStart(5)}%`;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  print(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s${fromSeconds > 0 ? ` (from ${fromSeconds} s on)` : ""}, busy (not idle) ${(busy / 1e6).toFixed(2)} s`);
  print("\nself time by package (share of busy time):");
  for (const [cat, us] of [...byCategory].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (cat === "(idle)") continue;
    print(`${ms(us)} ${pct(us, busy)}  ${cat}`);
  }
  print(`\ntop ${top} functions by self time:`);
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) print(`${ms(us)} ${pct(us, busy)}  ${fn}`);
  print(`\ninclusive time (top ${top}${interesting.length ? `, filtered by ${interesting.join("|")}` : ""}):`);
  const rows = [...inclusive].filter(([k]) => interesting.length === 0 || interesting.some((s) => k.includes(s)));
  for (const [key, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) print(`${ms(us)} ${pct(us, busy)}  ${key}`);
  return lines;
}

if (process.argv[1]?.endsWith("analyze-cpuprofile.ts")) {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error("usage: analyze-cpuprofile.ts <file.cpuprofile> [top]");
  const interesting = (process.env.INCLUSIVE ?? "").split(",").filter(Boolean);
  console.log(profileReport(file, { top: Number(topArg ?? 25), interesting, fromSeconds: Number(process.env.FROM_SECONDS ?? 0) }).join("\n"));
}
