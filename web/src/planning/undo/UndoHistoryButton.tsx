import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Caption1, Popover, PopoverSurface, PopoverTrigger, Spinner, Text } from "@fluentui/react-components";
import { History20Regular } from "@fluentui/react-icons";
import type { UndoHistoryEntry } from "@jalon/shared";
import { undoLabelText } from "./undoLabels";
import { undoApi } from "./undoRedo";

const time = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * The undo button's history (issue 20): the version's steps, latest first, in words ("Durée de « Cloisons R+1 » :
 * 5 → 8 jours"), the next one an undo takes back marked, and the undos themselves ("Défait : ..."). Read when
 * opened, so it is the server's current list.
 */
export function UndoHistoryButton({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<UndoHistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const show = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setEntries(null);
    setFailed(false);
    undoApi.history(projectId, versionId).then(setEntries, () => setFailed(true));
  };
  const firstStep = entries?.find((e) => !e.undone)?.key;
  return (
    <Popover open={open} onOpenChange={(_, d) => show(d.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<History20Regular />} aria-label={t("undoHistory.show")} />
      </PopoverTrigger>
      <PopoverSurface aria-label={t("undoHistory.title")} style={{ maxWidth: 420, maxHeight: 420, overflowY: "auto" }}>
        <Text weight="semibold" as="h2" style={{ display: "block", fontSize: 14, margin: "0 0 8px" }}>
          {t("undoHistory.title")}
        </Text>
        {failed ? (
          <Text role="alert">{t("errors.default")}</Text>
        ) : entries === null ? (
          <Spinner size="tiny" />
        ) : entries.length === 0 ? (
          <Text>{t("undoHistory.empty")}</Text>
        ) : (
          // Explicit roles: a list without bullets (list-style none) loses them in some browsers.
          <ol data-testid="undo-history" role="list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {entries.map((e) => {
              const text = undoLabelText(t, e.action, e.label);
              return (
                <li
                  key={e.key}
                  role="listitem"
                  data-undone={e.undone}
                  style={{
                    padding: "4px 0",
                    borderBottom: "1px solid #F0F0F0",
                    color: e.undone ? "#616161" : undefined,
                  }}
                >
                  <Text weight={e.key === firstStep ? "semibold" : "regular"} style={{ display: "block" }}>
                    {e.undone ? t("undoHistory.undone", { label: text }) : text}
                  </Text>
                  <Caption1 style={{ color: "#616161" }}>
                    {time.format(new Date(e.at))}
                    {e.userName ? ` · ${t("undoHistory.by", { name: e.userName })}` : ""}
                    {e.key === firstStep ? ` · ${t("undoHistory.next")}` : ""}
                  </Caption1>
                </li>
              );
            })}
          </ol>
        )}
      </PopoverSurface>
    </Popover>
  );
}
