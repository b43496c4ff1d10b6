import "server-only";
/** How the game names a player: our id, or its own id (`ext:` in the API). */
export type PlayerRef = { kind: "id"; id: string } | { kind: "external"; externalId: string };
