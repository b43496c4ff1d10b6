import { describe, expect, it } from "vitest";
import { ID_PATTERN, newId } from "./ids";

describe("newId", () => {
  it("makes 24 lowercase hex characters, in creation order", () => {
    const ids = Array.from({ length: 3 }, () => newId());
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect([...ids].sort()).toEqual(ids);
  });

  it("draws fresh random bytes after each refill of its pool", () => {
    // 4 bytes an id from a 4 KiB pool: the id 1,024 places later reads the same offset of the next
    // fill, so a pool used again without a refill would repeat every one of them.
    const randomParts = Array.from({ length: 3_000 }, () => newId().slice(16));
    for (const part of randomParts) expect(part).toMatch(/^[0-9a-f]{8}$/);
    const repeated = randomParts.slice(0, 1_976).filter((part, i) => part === randomParts[i + 1_024]).length;
    expect(repeated).toBeLessThan(3);
  });
});
