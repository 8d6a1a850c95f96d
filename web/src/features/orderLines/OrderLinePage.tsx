// /dashboard/order-line/{id} (spec 001 sections 2, 3): one order line's fields, saved with only what changed
// (Enregistrer is off until something valid changed), its amount, and its tasks per zone.
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Field, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ApiError } from "../../api/http";
import { orderLinesApi, type OrderLine } from "../../api/orderLines";
import { EditForm } from "../../components/EditForm";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { formatAmount, formatQuantity } from "./format";
import { OrderLineFields } from "./OrderLineFields";
import { OrderLineTasks } from "./OrderLineTasks";
import { draftOf, updateBody, validateOrderLine, type OrderLineDraft } from "./orderLineForm";
import { useOrderLineReferences } from "./useOrderLineReferences";

const LIST_PATH = "/dashboard/order-lines";

const useStyles = makeStyles({
  form: { maxWidth: "900px" },
  summary: { display: "flex", gap: tokens.spacingHorizontalXXL, flexWrap: "wrap" },
});

export default function OrderLinePage() {
  return (
    <WithVersion>
      {(projectId, versionId) => <OrderLineEditor projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function OrderLineEditor({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const refresh = useRefreshCounter("data");
  const references = useOrderLineReferences(projectId, versionId);
  const line = useAsync(() => orderLinesApi.get(id), [id, refresh]);
  const [draft, setDraft] = useState<OrderLineDraft | null>(null);
  const [tried, setTried] = useState(false);

  // A reload (a save, a live change) shows the server's line unless the form holds unsaved edits.
  const [shown, setShown] = useState<OrderLine | null>(null);
  useEffect(() => {
    if (!line.data) return;
    const edited = shown !== null && draft !== null && JSON.stringify(draft) !== JSON.stringify(draftOf(shown));
    setShown(line.data);
    if (!edited) setDraft(draftOf(line.data));
  }, [line.data]);
  useEffect(() => {
    if (!line.error) return;
    warnError(line.error);
    if (line.error instanceof ApiError && line.error.status === 404) navigate(LIST_PATH, { replace: true });
  }, [line.error, navigate]);

  if (!line.data || !draft) return line.loading ? <Spinner /> : null;
  const current = line.data;
  const errors = validateOrderLine(draft);
  const changes = updateBody(current, draft);
  const changed = Object.keys(changes).length > 0;

  return (
    <>
      <PageHeader
        title={t("orderLines.editTitle", { label: current.label })}
        back={{ to: LIST_PATH, label: t("orderLines.back") }}
      />
      <EditForm
        className={styles.form}
        canSave={changed}
        onSave={async () => {
          setTried(true);
          if (errors.length > 0) return;
          const saved = await orderLinesApi.update(id, changes);
          line.setData(saved);
          setDraft(draftOf(saved));
          setTried(false);
          toast.success(t("orderLines.updated"));
        }}
      >
        <OrderLineFields
          value={draft}
          onChange={setDraft}
          references={references}
          errors={tried ? errors : []}
          line={current}
        />
        <div className={styles.summary}>
          <Field label={t("orderLines.fields.amount")}>
            <Body1>{formatAmount(current.amount, current.currency)}</Body1>
          </Field>
          <Field label={t("orderLines.fields.plannedQuantity")}>
            <Body1>
              {formatQuantity(current.plannedQuantity)}
              {current.unit ? ` ${current.unit}` : ""}
            </Body1>
          </Field>
          <Field label={t("orderLines.fields.plannedAmount")}>
            <Body1>{formatAmount(current.plannedAmount, current.currency)}</Body1>
          </Field>
        </div>
      </EditForm>
      <OrderLineTasks
        line={current}
        projectId={projectId}
        versionId={versionId}
        references={references}
        onChanged={line.reload}
      />
    </>
  );
}
