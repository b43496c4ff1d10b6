/**
 * The scrypt cost the suite hashes passwords and player secrets with (tests/setup-env.ts): the smallest
 * sensible one, still a real salted scrypt hash, in microseconds instead of ~50 ms of CPU. The production
 * cost is pinned by server/lib/passwords.test.ts.
 */
export const TEST_PASSWORD_HASH_COST = { N: 16, r: 8, p: 1 } as const;
