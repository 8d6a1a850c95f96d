// "Importer depuis la bibliothèque": the library's task or sequence templates as checkboxes; the ones ticked are
// copied into the project (POST /event-template/import/{projectId} or /sequence-template/import/{projectId}).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Caption1, Checkbox, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import type { NamedRef } from "../../api/events";
import { warnError } from "../../lib/errors";
import { useReturnFocus } from "./scope";

const useStyles = makeStyles({
  list: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalXS,
    maxHeight: "50vh",
    overflowY: "auto",
    marginTop: tokens.spacingVerticalS,
  },
});

export function LibraryImportDialog({
  open,
  texts,
  onClose,
  load,
  run,
}: {
  open: boolean;
  /** The dialog's title, its hint, and what it says when the library is empty. */
  texts: { title: string; hint: string; empty: string };
  onClose: () => void;
  load: () => Promise<NamedRef[]>;
  run: (ids: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [options, setOptions] = useState<NamedRef[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  useReturnFocus(open);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setOptions(null);
    setPicked(new Set());
    load()
      .then((o) => live && setOptions(o))
      .catch((e: unknown) => {
        if (!live) return;
        warnError(e);
        setOptions([]);
      });
    return () => {
      live = false;
    };
    // `load` is a new function on each render of the caller: the dialog loads once per opening.
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    try {
      await run([...picked]);
      onClose();
    } catch (e) {
      warnError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={texts.title}
      confirmLabel={t("templates.importSelected")}
      busy={busy}
      confirmDisabled={picked.size === 0}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <Caption1 block>{texts.hint}</Caption1>
      {options === null ? (
        <Spinner size="tiny" label={t("table.loading")} />
      ) : options.length === 0 ? (
        <Body1>{texts.empty}</Body1>
      ) : (
        <div className={styles.list}>
          {options.map((o) => (
            <Checkbox
              key={o.id}
              label={o.name}
              checked={picked.has(o.id)}
              onChange={(_, d) =>
                setPicked((s) => {
                  const next = new Set(s);
                  if (d.checked) next.add(o.id);
                  else next.delete(o.id);
                  return next;
                })
              }
            />
          ))}
        </div>
      )}
    </ConfirmDialog>
  );
}
