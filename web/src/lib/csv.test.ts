import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { textOfNode, textOfValue, toCsv } from "./csv";

describe("csv", () => {
  it("separates cells with semicolons, quotes what needs it and opens with a byte-order mark", () => {
    expect(
      toCsv(
        ["Nom", "Délai"],
        [
          ["Gros œuvre; lot 2", 3],
          ['dit "GO"', null],
        ],
      ),
    ).toBe('\uFEFFNom;Délai\r\n"Gros œuvre; lot 2";3\r\n"dit ""GO""";\r\n');
    expect(toCsv(["Nom"], [["deux\nlignes"]])).toBe('\uFEFFNom\r\n"deux\nlignes"\r\n');
  });

  it("reads the text a rendered cell shows, through its elements", () => {
    const node = createElement("span", null, "Coffrage", " ", createElement("b", null, "Jalon"), false, null, 3);
    expect(textOfNode(node)).toBe("Coffrage Jalon 3");
    expect(textOfNode(createElement("input", { value: "x" }))).toBe("");
  });

  it("writes booleans, named objects and lists as a reader would", () => {
    expect(textOfValue(true, "Oui", "Non")).toBe("Oui");
    expect(textOfValue(false, "Oui", "Non")).toBe("Non");
    expect(textOfValue({ id: 1, name: "Zone A" }, "Oui", "Non")).toBe("Zone A");
    expect(textOfValue([{ name: "Plomberie" }, { name: "CVC" }], "Oui", "Non")).toBe("Plomberie, CVC");
    expect(textOfValue({ id: 1 }, "Oui", "Non")).toBe("");
    expect(textOfValue(undefined, "Oui", "Non")).toBe("");
  });
});
