/** Iteration helper: a bench database for quick.ts (`QUICK_DB`), seeded and its 1,000 players funded through a running server. */
import { writeFileSync } from "node:fs";
import { BENCH_CURRENCY, BENCH_KEYS, benchFixture } from "./fixture";
import { fundPlayers } from "./load";

const step = process.argv[2];
if (step === "fixture") writeFileSync(process.argv[3] ?? "/tmp/bench-fixture.json", JSON.stringify(benchFixture()));
else {
  const target = { baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:3210", secretKey: BENCH_KEYS.secret, currency: BENCH_CURRENCY };
  await fundPlayers(target, [...Array.from({ length: 1000 }, (_, i) => `ext:bench-${i}`), "ext:hot"], { amount: 1_000_000_000_000, concurrency: 16 });
  console.log("funded", BENCH_KEYS.secret);
}
