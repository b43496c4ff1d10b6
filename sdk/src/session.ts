/** Where the browser client keeps an anonymous player's credentials: `window.localStorage` fits. */
export type CredentialStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export type PlayerCredentials = { playerId: string; playerSecret: string };

/** The player's credentials (in storage when given, else in memory) and its current token. */
export class Session {
  #credentials: PlayerCredentials | null = null;
  #token: { value: string; expiresAt: number } | null = null;
  readonly #storage: CredentialStorage | undefined;
  readonly #storageKey: string;

  constructor(storage: CredentialStorage | undefined, storageKey: string) {
    this.#storage = storage;
    this.#storageKey = storageKey;
  }

  get credentials(): PlayerCredentials | null {
    if (this.#credentials) return this.#credentials;
    const raw = this.#storage?.getItem(this.#storageKey);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<PlayerCredentials>;
      if (typeof parsed.playerId === "string" && typeof parsed.playerSecret === "string") {
        this.#credentials = { playerId: parsed.playerId, playerSecret: parsed.playerSecret };
      }
    } catch {
      // A value that is not ours: treat as no player.
    }
    return this.#credentials;
  }

  saveCredentials(credentials: PlayerCredentials): void {
    this.#credentials = credentials;
    this.#storage?.setItem(this.#storageKey, JSON.stringify(credentials));
  }

  saveToken(token: string, expiresAt: string): void {
    this.#token = { value: token, expiresAt: Date.parse(expiresAt) };
  }

  /** The token while it has more than a minute left. */
  freshToken(): string | null {
    if (!this.#token || this.#token.expiresAt - Date.now() < 60_000) return null;
    return this.#token.value;
  }

  dropToken(): void {
    this.#token = null;
  }

  clear(): void {
    this.#credentials = null;
    this.#token = null;
    this.#storage?.removeItem(this.#storageKey);
  }
}
