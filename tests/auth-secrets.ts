import { afterEach } from "vitest";
import { resetConfigForTests } from "@/server/lib/config";

const SECRET_VARIABLES = ["AUTH_SECRET", "AUTH_SECRET_PREVIOUS"] as const;

/**
 * For tests that rotate AUTH_SECRET: returns `useSecrets(current, previous?)`, and puts the process's
 * own values back after each test so later files seal and sign as before.
 */
export function rotatableAuthSecrets(): (current: string, previous?: string) => void {
  const saved = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of SECRET_VARIABLES) {
      const value = saved[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  });
  return (current, previous) => {
    process.env.AUTH_SECRET = current;
    if (previous === undefined) delete process.env.AUTH_SECRET_PREVIOUS;
    else process.env.AUTH_SECRET_PREVIOUS = previous;
    resetConfigForTests();
  };
}
