import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { PlanningSession } from "../session/PlanningSession";
import { directStoreOf } from "./directStores";

/**
 * The name of a new task, typed in place on its row (a double click on an empty place of the chart, "+" at a
 * group's end, "Ajouter un successeur"): Enter creates it, Escape cancels. Placed in the content's coordinates, so
 * it scrolls with its row.
 */
export function NameInput(p: { session: PlanningSession; onSubmit: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const create = useStore(directStoreOf(p.session), (s) => s.create);
  const [name, setName] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // Focused as it opens, without scrolling the chart to it (the browser would, for autoFocus).
  useLayoutEffect(() => {
    if (!create) return;
    input.current?.focus({ preventScroll: true });
    // The gesture that opened it may end after this commit (the double click's last events): focused again then.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== input.current) input.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [create]);
  if (!create) return null;
  return (
    <div
      style={{
        position: "absolute",
        left: create.left,
        top: create.top,
        height: create.height,
        zIndex: 6,
        display: "flex",
        alignItems: "center",
      }}
    >
      <input
        ref={input}
        data-testid="planning-new-task"
        aria-label={create.label}
        aria-describedby="planning-new-task-hint"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "Escape") {
            e.preventDefault();
            setName("");
            p.onCancel();
          } else if (e.key === "Enter" && name.trim()) {
            e.preventDefault();
            p.onSubmit(name);
            setName("");
          }
        }}
        style={{
          width: 220,
          height: Math.max(18, create.height - 4),
          boxSizing: "border-box",
          font: "inherit",
          fontSize: 12,
          padding: "0 6px",
          border: "2px solid #0F6CBD",
          borderRadius: 3,
          background: "#FFFFFF",
        }}
      />
      <span id="planning-new-task-hint" style={HINT}>
        {t("planningDirect.create.hint")}
      </span>
    </div>
  );
}

const HINT: React.CSSProperties = {
  marginLeft: 6,
  fontSize: 11,
  color: "#424242",
  background: "rgba(255, 255, 255, 0.9)",
  padding: "0 4px",
  whiteSpace: "nowrap",
};
