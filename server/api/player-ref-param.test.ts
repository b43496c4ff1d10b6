import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePlayerRefSegment } from "./player-ref-param";

/**
 * Ids a path can name: 1 to 128 characters, no NUL, no whitespace at either end, and no `%` followed by
 * two hex digits (after one decoding that reads as a second encoding, refused by design: decisions.md).
 */
const externalIds = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
  .filter((id) => id.trim() === id && id.length > 0 && !id.includes("\u0000") && !/%[0-9A-Fa-f]{2}/.test(id) && Array.from(id).length <= 128);

describe("parsePlayerRefSegment", () => {
  it("ext: and ext%3A / ext%3a give the same reference for any id encoded once", () => {
    fc.assert(
      fc.property(externalIds, (id) => {
        const encoded = encodeURIComponent(id);
        const expected = { kind: "external", externalId: id };
        expect(parsePlayerRefSegment(`ext:${encoded}`)).toEqual(expected);
        expect(parsePlayerRefSegment(`ext%3A${encoded}`)).toEqual(expected);
        expect(parsePlayerRefSegment(`ext%3a${encoded}`)).toEqual(expected);
        // As an RFC 6570 client sends `ext:<id>`: the whole value encoded once.
        expect(parsePlayerRefSegment(encodeURIComponent(`ext:${id}`))).toEqual(expected);
      }),
    );
  });

  it("a value encoded twice is refused whenever the second encoding changed it", () => {
    fc.assert(
      fc.property(externalIds, (id) => {
        const twice = encodeURIComponent(encodeURIComponent(`ext:${id}`));
        expect(parsePlayerRefSegment(twice)).toBeNull();
        const idTwice = encodeURIComponent(encodeURIComponent(id));
        if (idTwice !== encodeURIComponent(id)) expect(parsePlayerRefSegment(`ext%3A${idTwice}`)).toBeNull();
      }),
    );
  });

  it.each(["EXT%3Aabc", "Ext:abc", "ext%3abc%", "ext%3", "ext%3A", "ext%253Aabc", "ext%3A%2541", "ext:%2500"])("%s is refused", (segment) => {
    expect(parsePlayerRefSegment(segment)).toBeNull();
  });
});
