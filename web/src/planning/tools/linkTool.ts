/**
 * Drawing a link from a bar's handle to another bar: the handle it starts from says whether the parent's
 * begin or end is linked, the half of the target bar it is dropped on says the child's begin or end.
 *   right handle -> left half  : end-begin      right handle -> right half : end-end
 *   left handle  -> left half  : begin-begin    left handle  -> right half : begin-end
 */
export type LinkSide = "begin" | "end";
export type LinkTypeName = "end-begin" | "begin-begin" | "end-end" | "begin-end";

export type LinkState =
  | { kind: "idle" }
  | { kind: "drawing"; parentId: number; side: LinkSide; x0: number; y0: number; x: number; y: number };

export type LinkInput =
  | { type: "pointerDown"; parentId: number; side: LinkSide; x: number; y: number }
  | { type: "pointerMove"; x: number; y: number }
  | { type: "pointerUp"; target: { id: number; x: number; width: number } | null; x: number };

export type LinkEffect =
  | { type: "draw"; from: [number, number]; to: [number, number] }
  | { type: "clear" }
  | { type: "create"; parentId: number; childId: number; linkType: LinkTypeName };

export const LINK_IDLE: LinkState = { kind: "idle" };

export function linkTypeOf(side: LinkSide, dropX: number, target: { x: number; width: number }): LinkTypeName {
  const toEnd = dropX > target.x + target.width / 2;
  if (side === "end") return toEnd ? "end-end" : "end-begin";
  return toEnd ? "begin-end" : "begin-begin";
}

export function linkStep(state: LinkState, input: LinkInput): { state: LinkState; effects: LinkEffect[] } {
  switch (input.type) {
    case "pointerDown":
      if (state.kind !== "idle") return { state, effects: [] };
      return {
        state: {
          kind: "drawing",
          parentId: input.parentId,
          side: input.side,
          x0: input.x,
          y0: input.y,
          x: input.x,
          y: input.y,
        },
        effects: [],
      };
    case "pointerMove":
      if (state.kind !== "drawing") return { state, effects: [] };
      return {
        state: { ...state, x: input.x, y: input.y },
        effects: [{ type: "draw", from: [state.x0, state.y0], to: [input.x, input.y] }],
      };
    case "pointerUp": {
      if (state.kind !== "drawing") return { state, effects: [] };
      const t = input.target;
      if (!t || t.id === state.parentId) return { state: LINK_IDLE, effects: [{ type: "clear" }] };
      return {
        state: LINK_IDLE,
        effects: [
          { type: "clear" },
          { type: "create", parentId: state.parentId, childId: t.id, linkType: linkTypeOf(state.side, input.x, t) },
        ],
      };
    }
  }
}
