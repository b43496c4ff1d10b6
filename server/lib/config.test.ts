import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "./config";

const touched = ["DATABASE_PREPARE", "DATABASE_POOL_SIZE", "DATABASE_IDLE_SECONDS", "PORT", "MIGRATE_ON_START", "TRUST_PROXY", "HOSTNAME"] as const;
const saved = Object.fromEntries(touched.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of touched) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConfigForTests();
});

function withEnv(values: Partial<Record<(typeof touched)[number], string>>): void {
  for (const name of touched) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
}

describe("config", () => {
  it("closes idle pool connections after 60 s unless told otherwise; 0 keeps them", () => {
    withEnv({});
    expect(config().DATABASE_IDLE_SECONDS).toBe(60);
    withEnv({ DATABASE_IDLE_SECONDS: "0" });
    expect(config().DATABASE_IDLE_SECONDS).toBe(0);
  });

  it("defaults: prepared statements on, a pool of 20, port 3000 on every address, no proxy trusted", () => {
    withEnv({});
    const { DATABASE_PREPARE, DATABASE_POOL_SIZE, PORT, HOSTNAME, TRUST_PROXY, MIGRATE_ON_START } = config();
    expect({ DATABASE_PREPARE, DATABASE_POOL_SIZE, PORT, HOSTNAME, TRUST_PROXY, MIGRATE_ON_START }).toEqual({
      DATABASE_PREPARE: true,
      DATABASE_POOL_SIZE: 20,
      PORT: 3000,
      HOSTNAME: "0.0.0.0",
      TRUST_PROXY: 0,
      MIGRATE_ON_START: undefined,
    });
  });

  it("reads the server's and the pool's variables", () => {
    withEnv({ DATABASE_PREPARE: "0", DATABASE_POOL_SIZE: "5", PORT: "8080", HOSTNAME: "127.0.0.1", TRUST_PROXY: "2", MIGRATE_ON_START: "1" });
    const { DATABASE_PREPARE, DATABASE_POOL_SIZE, PORT, HOSTNAME, TRUST_PROXY, MIGRATE_ON_START } = config();
    expect({ DATABASE_PREPARE, DATABASE_POOL_SIZE, PORT, HOSTNAME, TRUST_PROXY, MIGRATE_ON_START }).toEqual({
      DATABASE_PREPARE: false,
      DATABASE_POOL_SIZE: 5,
      PORT: 8080,
      HOSTNAME: "127.0.0.1",
      TRUST_PROXY: 2,
      MIGRATE_ON_START: "1",
    });
  });

  it("refuses bad values, naming each variable (never its value)", () => {
    withEnv({ DATABASE_PREPARE: "false", DATABASE_POOL_SIZE: "0", PORT: "http", MIGRATE_ON_START: "yes" });
    let message = "";
    try {
      config();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid environment variable(s):",
      "  DATABASE_POOL_SIZE: Too small: expected number to be >=1",
      "  DATABASE_PREPARE: must be 0 or 1",
      "  PORT: Invalid input: expected number, received NaN",
      "  MIGRATE_ON_START: must be 0 or 1",
    ]);
  });
});
