import "server-only";
import type { AnyOperation } from "./operation";

type CompiledRoute = { operation: AnyOperation; segments: string[] };

export type RouteMatch =
  | { kind: "found"; operation: AnyOperation; rawParams: Record<string, string> }
  | { kind: "method_not_allowed"; allowed: string[] }
  | { kind: "not_found" };

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

/** Matches method + path against the operations table; parameters stay percent-encoded. */
export function createRouter(operations: AnyOperation[]): (method: string, path: string) => RouteMatch {
  const routes: CompiledRoute[] = operations.map((operation) => ({ operation, segments: splitPath(operation.path) }));
  return (method, path) => {
    const segments = splitPath(path);
    const allowed: string[] = [];
    for (const route of routes) {
      if (route.segments.length !== segments.length) continue;
      const rawParams: Record<string, string> = {};
      const matches = route.segments.every((pattern, i) => {
        const actual = segments[i] as string;
        if (pattern.startsWith("{") && pattern.endsWith("}")) {
          rawParams[pattern.slice(1, -1)] = actual;
          return true;
        }
        return pattern === actual;
      });
      if (!matches) continue;
      if (route.operation.method === method) return { kind: "found", operation: route.operation, rawParams };
      allowed.push(route.operation.method);
    }
    return allowed.length > 0 ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
  };
}
