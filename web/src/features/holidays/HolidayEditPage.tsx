// /dashboard/holiday/{holidayId}/{type}: one holiday (a day, for the whole project or for given lots) or one
// vacation (a range for the whole project); holidayId 'new' creates one. Saving re-plans the version on the
// server; the form then returns to the list.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Label,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { HOLIDAY_TYPES, TEXT_MAX_LENGTH, type HolidayType } from "@jalon/shared";
import { holidaysApi, type HolidayItem } from "../../api/referenceMore";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { warnError } from "../../lib/errors";
import { useBusy } from "../../lib/useBusy";
import { useAsync } from "../../lib/useAsync";
import { setUndoRemaining, useProject } from "../../store/project";
import { toast } from "../../store/toasts";
import { FormCard } from "../../components/FormCard";
import { canSave, dateError, draftOf, holidayBody, type HolidayDraft } from "./holidayForm";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
    gap: tokens.spacingHorizontalL,
  },
  lots: { display: "flex", flexDirection: "column", maxHeight: "280px", overflowY: "auto" },
});

export default function HolidayEditPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  const { holidayId = "new", type = "holiday" } = useParams();
  const { t } = useTranslation();
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  if (!(HOLIDAY_TYPES as readonly string[]).includes(type)) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t("holidays.form.badType")}</MessageBarBody>
      </MessageBar>
    );
  }
  const id = holidayId === "new" ? null : Number(holidayId);
  return (
    <HolidayForm
      key={`${holidayId}-${type}`}
      projectId={projectId}
      versionId={versionId}
      id={id}
      type={type as HolidayType}
    />
  );
}

function HolidayForm({
  projectId,
  versionId,
  id,
  type,
}: {
  projectId: number;
  versionId: number;
  id: number | null;
  type: HolidayType;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const current = useAsync<HolidayItem | null>(() => (id === null ? Promise.resolve(null) : holidaysApi.get(id)), [id]);
  const lots = useAsync(
    () => (type === "holiday" ? holidaysApi.lots(versionId).catch(() => []) : Promise.resolve([])),
    [versionId, type],
  );
  const original = useMemo(() => (id === null || !current.data ? null : draftOf(current.data)), [id, current.data]);
  const [draft, setDraft] = useState<HolidayDraft>(draftOf(null));
  const [touched, setTouched] = useState(false);
  const { busy: saving, run } = useBusy("holiday");
  useEffect(() => {
    if (original) setDraft(original);
  }, [original]);
  useEffect(() => {
    if (current.error) warnError(current.error, "holiday");
  }, [current.error]);

  const close = () => navigate("/dashboard/holidays");
  const problem = touched ? dateError(type, draft) : null;
  const title = t(
    id === null
      ? type === "holiday"
        ? "holidays.form.titleNewHoliday"
        : "holidays.form.titleNewVacation"
      : type === "holiday"
        ? "holidays.form.titleHoliday"
        : "holidays.form.titleVacation",
  );

  const save = async () => {
    setTouched(true);
    if (!canSave(type, draft, id === null ? null : original)) return;
    await run(async () => {
      const answer =
        id === null
          ? await holidaysApi.create(projectId, versionId, holidayBody(type, draft, null))
          : await holidaysApi.update(id, holidayBody(type, draft, original));
      setUndoRemaining(answer.undoRemaining);
      const moved = answer.moved.ids.length;
      toast.success(
        `${t(id === null ? "holidays.created" : "holidays.updated")}${moved > 0 ? ` ${t("holidays.moved", { count: moved })}` : ""}`,
        { subject: "holiday" },
      );
      close();
    });
  };

  if (id !== null && current.loading) return <Spinner label={t("app.loading")} />;
  if (id !== null && (current.error || !current.data || current.data.type !== type)) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t("holidays.form.notFound")}</MessageBarBody>
      </MessageBar>
    );
  }
  const set = (patch: Partial<HolidayDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleLot = (lotId: number, on: boolean) =>
    set({ lots: on ? [...draft.lots, lotId].sort((a, b) => a - b) : draft.lots.filter((l) => l !== lotId) });

  return (
    <FormCard
      title={title}
      closeLabel={t("holidays.form.close")}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t("actions.cancel")}</Button>
          <Button
            appearance="primary"
            disabled={saving || !canSave(type, draft, id === null ? null : original)}
            onClick={() => void save()}
          >
            {t("holidays.form.save")}
          </Button>
        </>
      }
    >
      <div className={styles.grid}>
        <Field label={t("holidays.form.name")} required>
          <Input value={draft.name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => set({ name: d.value })} />
        </Field>
        <Field
          label={t(type === "holiday" ? "holidays.form.day" : "holidays.form.startDate")}
          required
          validationState={problem === "startDate_invalid" ? "error" : "none"}
          validationMessage={problem === "startDate_invalid" ? t("errors.startDate_invalid") : undefined}
        >
          <DateInput
            value={draft.startDate}
            onChange={(v) => {
              setTouched(true);
              set({ startDate: v });
            }}
          />
        </Field>
        {type === "vacation" ? (
          <Field
            label={t("holidays.form.endDate")}
            required
            validationState={problem === "endDate_invalid" ? "error" : "none"}
            validationMessage={problem === "endDate_invalid" ? t("errors.endDate_invalid") : undefined}
          >
            <DateInput
              value={draft.endDate}
              min={draft.startDate || undefined}
              onChange={(v) => {
                setTouched(true);
                set({ endDate: v });
              }}
            />
          </Field>
        ) : null}
      </div>
      {type === "holiday" ? (
        // Not a Field: a Field gives its own id and label to every control inside, so the lots would share one.
        <div role="group" aria-labelledby="holiday-lots-label" aria-describedby="holiday-lots-hint">
          <Label id="holiday-lots-label">{t("holidays.form.lots")}</Label>
          <Caption1 as="p" id="holiday-lots-hint">
            {t("holidays.form.lotsHint")}
          </Caption1>
          <div className={styles.lots}>
            {(lots.data ?? []).length === 0 && !lots.loading ? <Text>{t("holidays.form.noLots")}</Text> : null}
            {(lots.data ?? []).map((lot) => (
              <Checkbox
                key={lot.id}
                label={lot.name}
                checked={draft.lots.includes(lot.id)}
                onChange={(_, d) => toggleLot(lot.id, d.checked === true)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </FormCard>
  );
}
