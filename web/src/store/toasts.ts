// Toasts (spec 000 section 8): variants error, info, warning, success; optional subject prefix; 5000 ms.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";

export type ToastIntent = "error" | "info" | "warning" | "success";
export const TOAST_DURATION_MS = 5000;
export const PROGRESS_TOAST_CLOSE_MS = 3000;

export interface ToastItem {
  id: string;
  intent: ToastIntent;
  /** Already translated text. */
  message: string;
  /** i18n key under toast.subjects (version, project...), shown as a prefix. */
  subject?: string;
  /** Percentage of a progress toast (0..100). */
  percentage?: number;
  timeout: number;
}

interface ToastState {
  items: ToastItem[];
  push: (item: Omit<ToastItem, "id" | "timeout"> & { id?: string; timeout?: number }) => string;
  update: (id: string, patch: Partial<Omit<ToastItem, "id">>) => void;
  dismiss: (id: string) => void;
  clear: () => void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function schedule(id: string, ms: number, dismiss: (id: string) => void) {
  const previous = timers.get(id);
  if (previous) clearTimeout(previous);
  if (ms > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), ms),
    );
}

/** Public plannings (a path containing 'public') show no toasts. */
function toastsMuted(): boolean {
  return typeof window !== "undefined" && window.location.pathname.includes("public");
}

export const useToasts = create<ToastState>()(
  immer((set, get) => ({
    items: [],
    push: (item) => {
      const id = item.id ?? `toast-${++counter}`;
      if (toastsMuted()) return id;
      const timeout = item.timeout ?? TOAST_DURATION_MS;
      set((s) => {
        s.items = s.items.filter((t) => t.id !== id);
        s.items.push({ ...item, id, timeout });
      });
      schedule(id, timeout, get().dismiss);
      return id;
    },
    update: (id, patch) => {
      set((s) => {
        const t = s.items.find((x) => x.id === id);
        if (t) Object.assign(t, patch);
      });
      if (patch.timeout !== undefined) schedule(id, patch.timeout, get().dismiss);
    },
    dismiss: (id) => {
      const timer = timers.get(id);
      if (timer) clearTimeout(timer);
      timers.delete(id);
      set((s) => {
        s.items = s.items.filter((t) => t.id !== id);
      });
    },
    clear: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      set((s) => {
        s.items = [];
      });
    },
  })),
);

type ToastOptions = { subject?: string; id?: string; timeout?: number };
const make =
  (intent: ToastIntent) =>
  (message: string, options: ToastOptions = {}) =>
    useToasts.getState().push({ intent, message, ...options });

export const toast = {
  error: make("error"),
  info: make("info"),
  warning: make("warning"),
  success: make("success"),
};
