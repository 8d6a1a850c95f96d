// Renders the toast store with Fluent UI toasts. The store owns the timers (5000 ms by default).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ProgressBar,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
} from "@fluentui/react-components";
import { useToasts, type ToastItem } from "../store/toasts";

function Content({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  const subject = item.subject ? t(`toast.subjects.${item.subject}`, { defaultValue: item.subject }) : null;
  // The intent on the element lets the browser tests see an error or a warning toast (e2e/lists.spec.ts).
  return (
    <Toast data-toast-intent={item.intent}>
      <ToastTitle>{subject ? `${subject} : ${item.message}` : item.message}</ToastTitle>
      {item.percentage !== undefined ? (
        <ToastBody>
          <ProgressBar value={item.percentage / 100} aria-label={`${item.percentage} %`} />
        </ToastBody>
      ) : null}
    </Toast>
  );
}

export function ToastHost() {
  const toasterId = useId("toaster");
  const { dispatchToast, updateToast, dismissToast } = useToastController(toasterId);
  const items = useToasts((s) => s.items);
  const shown = useRef(new Map<string, ToastItem>());

  useEffect(() => {
    const current = new Map(items.map((i) => [i.id, i]));
    for (const [id] of shown.current) {
      if (!current.has(id)) {
        dismissToast(id);
        shown.current.delete(id);
      }
    }
    for (const item of items) {
      const before = shown.current.get(item.id);
      if (!before) dispatchToast(<Content item={item} />, { toastId: item.id, intent: item.intent, timeout: -1 });
      else if (before !== item)
        updateToast({ toastId: item.id, content: <Content item={item} />, intent: item.intent, timeout: -1 });
      shown.current.set(item.id, item);
    }
  }, [items, dispatchToast, updateToast, dismissToast]);

  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover limit={6} />;
}
