import { describe, expect, it } from "vitest";
import {
  email,
  jsonHasControlChars,
  loginBody,
  nullableText,
  parseListQuery,
  plainJson,
  plainString,
  requiredText,
  text,
  userViewsBody,
} from "../src/index.js";

describe("request strings refuse C0 control characters", () => {
  const controls = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u000e", "\u001b", "\u001f"];

  it("every control character but tab, LF and CR is refused by the string helpers", () => {
    for (const c of controls) {
      for (const schema of [plainString(), text(), requiredText(), nullableText(), email]) {
        const res = schema.safeParse(`a${c}b@x.fr`);
        expect(res.success, JSON.stringify(c)).toBe(false);
      }
    }
    expect(plainString().safeParse("ligne 1\n\tligne 2\r\n").success).toBe(true);
    expect(nullableText().safeParse("Gros œuvre — lot 2 😀").success).toBe(true);
  });

  it("the login e-mail too, with the helper's message", () => {
    const res = loginBody.safeParse({ email: "a\u0000@b.fr", password: "x" });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe("Caractère de contrôle interdit");
  });

  it("free JSON (saved views) is refused with a control character in any string or key, at any depth", () => {
    expect(jsonHasControlChars({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(jsonHasControlChars({ "k\u0001": 1 })).toBe(true);
    expect(jsonHasControlChars({ a: [{ b: "x\ty" }], c: null, d: 1 })).toBe(false);
    expect(plainJson.safeParse([["\u001f"]]).success).toBe(false);
    expect(userViewsBody.safeParse({ views: { planning: { zoom: "mois", filtres: ["a\u0000"] } } }).success).toBe(
      false,
    );
    expect(userViewsBody.safeParse({ views: { planning: { zoom: "mois" } } }).success).toBe(true);
  });

  it("list queries: a control character in a filter, sort or limit is errors.invalid_filter", () => {
    const resource = { fields: { name: "string" as const }, defaultLimit: 10 };
    expect(() => parseListQuery({ filter: "name||$eq||a\u0000" }, resource)).toThrow(
      expect.objectContaining({ code: "errors.invalid_filter" }),
    );
    expect(() => parseListQuery({ sort: ["name,ASC", "\u0000"] }, resource)).toThrow(
      expect.objectContaining({ code: "errors.invalid_filter" }),
    );
    expect(parseListQuery({ filter: "name||$eq||a b" }, resource).filters).toHaveLength(1);
  });
});
