import { useCallback, useLayoutEffect, useRef, type RefObject } from "react";
import Konva from "konva/lib/Core";
import type { Context } from "konva/lib/Context";

export type SceneFunc = (ctx: Context) => void;

/**
 * A Konva stage in `container` with one layer of custom Shapes, one per scene function, in order.
 *
 * Driven from React's layout effects rather than through react-konva: the Gantt and its time header are one
 * stage, one layer and a few sceneFunc Shapes each, and react-konva's second React renderer (react-reconciler,
 * 128 KB minified, 22 % of the planning's script) cost the first paint its loading, its evaluation and a nested
 * render per stage (bench/web). The stage is created at its size on mount and drawn at once (Konva draws a layer
 * when it is added); new scene functions are set and drawn with batchDraw (one draw per animation frame, like
 * react-konva's prop updates); a new size resizes the stage.
 */
export function useKonvaStage(
  container: RefObject<HTMLDivElement | null>,
  width: number,
  height: number,
  scenes: readonly SceneFunc[],
): () => void {
  const konva = useRef<{ stage: Konva.Stage; layer: Konva.Layer; shapes: Konva.Shape[] } | null>(null);
  const first = useRef({ width, height, scenes });
  useLayoutEffect(() => {
    const el = container.current;
    if (!el || !canDraw()) return;
    const { width: w, height: h, scenes: s } = first.current;
    const stage = new Konva.Stage({ container: el, width: w, height: h, listening: false });
    const layer = new Konva.Layer({ listening: false });
    const shapes = s.map((sceneFunc) => new Konva.Shape({ sceneFunc, listening: false, perfectDrawEnabled: false }));
    layer.add(...shapes);
    stage.add(layer);
    konva.current = { stage, layer, shapes };
    return () => {
      konva.current = null;
      stage.destroy();
    };
  }, [container]);
  useLayoutEffect(() => {
    const k = konva.current;
    if (k && (k.stage.width() !== width || k.stage.height() !== height)) k.stage.size({ width, height });
  }, [width, height]);
  useLayoutEffect(() => {
    const k = konva.current;
    if (!k) return;
    let changed = false;
    scenes.forEach((f, i) => {
      if (k.shapes[i].sceneFunc() !== f) {
        k.shapes[i].sceneFunc(f);
        changed = true;
      }
    });
    if (changed) k.layer.batchDraw();
  }, [scenes]);
  // A redraw of the same scene functions, whose inputs changed outside React (a drag's preview): one per frame.
  return useCallback(() => konva.current?.layer.batchDraw(), []);
}

let drawable: boolean | null = null;
/**
 * Whether this document gives canvases a 2D context: not in a DOM without a canvas implementation (jsdom in the
 * screen tests), where Konva's constructors throw; the screens then render without their drawing.
 */
function canDraw(): boolean {
  if (drawable === null) {
    try {
      drawable = document.createElement("canvas").getContext("2d") !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
}
