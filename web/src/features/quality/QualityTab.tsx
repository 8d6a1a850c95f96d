// The task modal's "prérequis et finitions" tab (spec 000 section 2): the task's prerequisites and finishes with
// their indicator, due date and status (changed in place), and a form adding one (POST /event-affix). A change
// refreshes the planning, whose marker shows tasks with prerequisites not all compliant by their start.
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Input, Select, Subtitle2, Text, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import {
  QUALITY_CONTROL_STATUSES,
  QUALITY_CONTROL_TYPES,
  qualityApi,
  type QualityControl,
  type QualityControlCategory,
  type QualityControlStatus,
  type QualityControlType,
} from "../../api/quality";
import { formatDay } from "../../lib/dates";
import { useAsync } from "../../lib/useAsync";
import { useRefresh } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { CategoryDelayFields } from "./CategoryDelayFields";
import { categoryText, delayText } from "./columns";
import { IndicatorMark } from "./IndicatorMark";
import { warnQualityError } from "./qualityError";
import { parseDelay } from "./QualityTemplatesPage";

const useStyles = makeStyles({
  tab: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalM,
  },
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", rowGap: "6px" },
  item: {
    display: "grid",
    gridTemplateColumns: "auto minmax(10em, 2fr) minmax(8em, 1fr) auto minmax(10em, 1fr)",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalM,
  },
  form: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalM },
});

interface Draft {
  type: QualityControlType;
  name: string;
  category: QualityControlCategory | "";
  delay: string;
}

const EMPTY: Draft = { type: "prerequisites", name: "", category: "", delay: "0" };

export function QualityTab({
  projectId,
  versionId,
  event,
}: {
  projectId: number;
  versionId: number;
  event: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const controls = useAsync(
    () => qualityApi.list({ projectId, versionId, eventId: event.id }),
    [projectId, versionId, event.id],
  );
  useEffect(() => {
    if (controls.error) warnQualityError(controls.error);
  }, [controls.error]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const delay = parseDelay(draft.delay);

  const changed = () => {
    controls.reload();
    // The planning behind the modal redraws its prerequisites marker.
    useRefresh.getState().bump("planning");
  };
  const add = async () => {
    if (draft.name.trim() === "") return;
    if (delay === undefined) return;
    setBusy(true);
    try {
      await qualityApi.affix({
        projectId,
        versionId,
        eventId: event.id,
        type: draft.type,
        name: draft.name.trim(),
        ...(draft.category ? { category: draft.category } : {}),
        delay,
      });
      toast.success(t("quality.form.created"));
      setDraft({ ...EMPTY, type: draft.type });
      changed();
    } catch (e) {
      warnQualityError(e);
    } finally {
      setBusy(false);
    }
  };
  const setStatus = async (c: QualityControl, status: QualityControlStatus | "") => {
    try {
      const saved = await qualityApi.update(c.id, { status: status === "" ? null : status });
      controls.setData((prev) =>
        prev ? { ...prev, data: prev.data.map((x) => (x.id === saved.id ? { ...x, ...saved } : x)) } : prev!,
      );
      changed();
    } catch (e) {
      warnQualityError(e);
    }
  };

  const rows = controls.data?.data ?? [];
  return (
    <div className={styles.tab}>
      <Text>{t("quality.tab.intro")}</Text>
      {QUALITY_CONTROL_TYPES.map((type) => {
        const mine = rows.filter((c) => c.type === type);
        const titleId = `quality-tab-${type}`;
        return (
          <section key={type} className={styles.section} aria-labelledby={titleId}>
            <Subtitle2 as="h3" id={titleId}>
              {t(`quality.types.${type}`)}
            </Subtitle2>
            {mine.length === 0 ? (
              <Text>{controls.loading && !controls.data ? "…" : t(`quality.tab.empty.${type}`)}</Text>
            ) : (
              <ul className={styles.list}>
                {mine.map((c) => (
                  <li key={c.id} className={styles.item} data-control-id={c.id}>
                    <IndicatorMark indicator={c.indicator} />
                    <Link to={`/dashboard/quality/${c.id}`}>{c.name}</Link>
                    <Text>{categoryText(t, c.category)}</Text>
                    <Text>
                      {`${t("quality.columns.dueDate")} ${formatDay(c.dueDate) || "—"} · ${t("quality.columns.delay")} ${delayText(t, c.delay)}`}
                    </Text>
                    <Select
                      aria-label={t("quality.tab.statusOf", { name: c.name })}
                      value={c.status ?? ""}
                      onChange={(_, d) => void setStatus(c, d.value as QualityControlStatus | "")}
                    >
                      <option value="">{t("quality.statuses.undefined")}</option>
                      {QUALITY_CONTROL_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t(`quality.statuses.${s}`)}
                        </option>
                      ))}
                    </Select>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <form
        className={styles.form}
        aria-label={t(`quality.form.add.${draft.type}`)}
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Field label={t("quality.form.type")}>
          <Select value={draft.type} onChange={(_, d) => setDraft({ ...draft, type: d.value as QualityControlType })}>
            {QUALITY_CONTROL_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`quality.types.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("quality.form.name")} required>
          <Input value={draft.name} maxLength={200} onChange={(_, d) => setDraft({ ...draft, name: d.value })} />
        </Field>
        <CategoryDelayFields
          categoryLabel={t("quality.form.category")}
          category={draft.category}
          delay={draft.delay}
          delayInvalid={delay === undefined}
          onChange={(patch) => setDraft({ ...draft, ...patch })}
        />
        <Button
          type="submit"
          appearance="primary"
          icon={<Add20Regular />}
          disabled={busy || draft.name.trim() === "" || delay === undefined}
        >
          {t(`quality.form.add.${draft.type}`)}
        </Button>
      </form>
    </div>
  );
}
