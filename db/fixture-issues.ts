import type { z } from "zod";

/**
 * Problems of a refused fixture, each written `<json.path>: <message>` (e.g.
 * `games[0].catalog.items[2].price.currency: …`) so the author can find the spot in the file.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out === "" ? "(root)" : out;
}

/**
 * One line per problem; an object with several unknown fields gives one line per field. Parse with
 * `reportInput: true` so a missing field reads "required" instead of "received undefined".
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field`);
    }
    if (issue.code === "invalid_type" && "input" in issue && issue.input === undefined) {
      return [`${formatPath(issue.path)}: required (${issue.expected})`];
    }
    if (issue.code === "invalid_key") {
      // A record key (metadata): say what is wrong with the key rather than zod's generic "Invalid key".
      return [`${formatPath(issue.path)}: invalid key (${issue.issues.map((inner) => inner.message).join("; ")})`];
    }
    return [`${formatPath(issue.path)}: ${issue.message}`];
  });
}

export class FixtureError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    const noun = problems.length === 1 ? "problem" : "problems";
    super([`Fixture refused (${problems.length} ${noun}); nothing was written.`, ...problems.map((p) => `  ${p}`)].join("\n"));
    this.name = "FixtureError";
    this.problems = problems;
  }
}

/** Problems found while writing (they depend on what the database already holds); thrown together at the end. */
export class Problems {
  private readonly list: string[] = [];

  add(path: readonly PropertyKey[], message: string): void {
    this.list.push(`${formatPath(path)}: ${message}`);
  }

  /** Throwing inside the transaction rolls every write back. */
  throwIfAny(): void {
    if (this.list.length > 0) throw new FixtureError(this.list);
  }
}
