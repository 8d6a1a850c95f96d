// /dashboard/quality/{recordId} (spec 001 section 2): one control, its task and dates, its status, comment and
// completion date editable (external users too: the server lets them change those three), archiving for
// managers, and its history below.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  QUALITY_CONTROL_STATUSES,
  qualityApi,
  type QualityControl,
  type QualityControlStatus,
} from "../../api/quality";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay } from "../../lib/dates";
import { useAsync } from "../../lib/useAsync";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";
import { categoryText, delayText, statusText } from "./columns";
import { DayInput } from "./DayInput";
import { HistoryTable } from "./HistoryTable";
import { IndicatorMark } from "./IndicatorMark";
import { warnQualityError } from "./qualityError";

const useStyles = makeStyles({
  facts: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    marginBottom: tokens.spacingVerticalL,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  indicator: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  form: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    maxWidth: "560px",
    marginBottom: tokens.spacingVerticalXL,
  },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS },
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
});

export default function QualityItemPage() {
  const { recordId } = useParams();
  const id = Number(recordId);
  return <WithVersion>{() => <QualityItem key={id} id={id} />}</WithVersion>;
}

interface Draft {
  status: QualityControlStatus | "";
  comment: string;
  completionDate: string;
}

const draftOf = (c: QualityControl): Draft => ({
  status: c.status ?? "",
  comment: c.comment ?? "",
  completionDate: c.completionDate ?? "",
});

function QualityItem({ id }: { id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const role = useSession((s) => s.role);
  const manager = role === "admin" || role === "manager";
  const [historyKey, setHistoryKey] = useState(0);
  const control = useAsync(() => qualityApi.get(id), [id]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (control.data) setDraft(draftOf(control.data));
  }, [control.data]);
  useEffect(() => {
    if (control.error) warnQualityError(control.error);
  }, [control.error]);

  const c = control.data;
  if (!c || !draft) return control.error ? <PageHeader title={t("pages.quality")} /> : <FullPageSpinner />;
  const original = draftOf(c);
  const changed = (Object.keys(draft) as (keyof Draft)[]).filter((k) => draft[k] !== original[k]);
  const listPath = `/dashboard/${c.type}`;

  const patch = async (body: Parameters<typeof qualityApi.update>[1]) => {
    setBusy(true);
    try {
      const saved = await qualityApi.update(c.id, body);
      control.setData(saved);
      setHistoryKey((k) => k + 1);
      toast.success(t("quality.item.saved"));
    } catch (e) {
      warnQualityError(e);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    patch({
      ...(changed.includes("status") ? { status: draft.status === "" ? null : draft.status } : {}),
      ...(changed.includes("comment") ? { comment: draft.comment.trim() === "" ? null : draft.comment.trim() } : {}),
      ...(changed.includes("completionDate") ? { completionDate: draft.completionDate || null } : {}),
    });

  const attached = c.eventName ?? c.sequence?.name ?? c.macroTask?.name ?? "—";
  const facts: [string, React.ReactNode][] = [
    [
      t("quality.columns.indicator"),
      <span key="i" className={styles.indicator}>
        <IndicatorMark indicator={c.indicator} />
        <Text>{t(`quality.indicators.${c.indicator}`)}</Text>
      </span>,
    ],
    [t("quality.item.type"), t(`quality.types.${c.type}`)],
    [t("quality.item.task"), attached],
    [t("quality.columns.category"), categoryText(t, c.category)],
    [t("quality.columns.status"), statusText(t, c.status)],
    [t("quality.columns.participantGroup"), c.participantGroup ?? "—"],
    [t("quality.columns.participantName"), c.participantName ?? "—"],
    [t("quality.columns.zoneName"), c.zoneName ?? "—"],
    [
      t("quality.columns.dueDate"),
      c.dueDate ? (
        <span key="d" className={styles.indicator}>
          <Text>{formatDay(c.dueDate)}</Text>
          <Link to={`/dashboard/quality-calendar?type=${c.type}&day=${c.dueDate}`}>{t("quality.item.inCalendar")}</Link>
        </span>
      ) : (
        "—"
      ),
    ],
    [t("quality.columns.delay"), delayText(t, c.delay)],
    [t("quality.columns.startDate"), formatDay(c.startDate) || "—"],
    [t("quality.columns.endDate"), formatDay(c.endDate) || "—"],
    [t("quality.columns.deliverables"), c.deliverables.map((d) => d.name).join(", ") || "—"],
    [t("quality.columns.tags"), c.tags.map((x) => x.name).join(", ") || "—"],
  ];

  return (
    <>
      <PageHeader
        title={`${t("pages.quality")} : ${c.name}`}
        back={{ to: listPath, label: t("quality.item.back") }}
        actions={
          manager ? (
            <Button disabled={busy} onClick={() => void patch({ isArchived: !c.isArchived })}>
              {t(c.isArchived ? "quality.item.restore" : "quality.item.archive")}
            </Button>
          ) : undefined
        }
      />
      {c.isArchived ? (
        <MessageBar intent="info">
          <MessageBarBody>{t("quality.item.archivedNote")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <section aria-label={t("quality.item.details")}>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} style={{ display: "contents" }}>
              <dt className={styles.term}>{term}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (changed.length) void save();
        }}
      >
        <Field label={t("quality.item.status")}>
          <Select
            value={draft.status}
            onChange={(_, d) => setDraft({ ...draft, status: d.value as QualityControlStatus | "" })}
          >
            <option value="">{t("quality.statuses.undefined")}</option>
            {QUALITY_CONTROL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`quality.statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <DayInput
          label={t("quality.item.completionDate")}
          value={draft.completionDate || null}
          onChange={(day) => setDraft({ ...draft, completionDate: day ?? "" })}
        />
        <Field label={t("quality.item.comment")}>
          <Textarea
            value={draft.comment}
            resize="vertical"
            onChange={(_, d) => setDraft({ ...draft, comment: d.value })}
          />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary" disabled={busy || changed.length === 0}>
            {t("quality.item.save")}
          </Button>
        </div>
      </form>
      <section className={styles.section} aria-labelledby="quality-history-title">
        <Subtitle2 as="h2" id="quality-history-title">
          {t("quality.history.title")}
        </Subtitle2>
        <HistoryTable controlId={c.id} reloadKey={historyKey} />
      </section>
    </>
  );
}
