import type { CatalogStatus } from "@/db/schema/catalog";
import { Badge } from "@/components/ui/primitives";

const tones = { active: "green", draft: "amber", archived: "gray" } as const;

export function StatusBadge({ status }: { status: CatalogStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>;
}
