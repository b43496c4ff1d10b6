import { Badge } from "@/components/ui/primitives";

export function BlockedBadge({ blocked }: { blocked: boolean }) {
  return blocked ? (
    <span data-testid="player-blocked-badge">
      <Badge tone="red">Blocked</Badge>
    </span>
  ) : (
    <Badge tone="green">Active</Badge>
  );
}

export function KindBadge({ kind }: { kind: "external" | "hosted" }) {
  return <Badge tone={kind === "external" ? "gray" : "blue"}>{kind === "external" ? "ext" : "anonymous"}</Badge>;
}
