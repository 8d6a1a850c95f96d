// The sequence page's part for a train (a sequence instantiated from a template): template, synchronisation,
// recurring settings, zones and instances per zone.
import { useTranslation } from "react-i18next";
import { Caption1, Subtitle1 } from "@fluentui/react-components";
import { useState } from "react";
import { InstancesTable, RecurringSettings, SyncPanel, ZonesUpdate, useTemplate, useZones } from "./TrainPanels";
import type { TrainSequence } from "./train";

export function TrainSection({
  sequence,
  projectId,
  versionId,
  onChanged,
}: {
  sequence: TrainSequence;
  projectId: number;
  versionId: number;
  /** Something was written: the sequence is loaded again. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [synced, setSynced] = useState(0);
  const config = sequence.instantiationConfig;
  const zones = useZones(projectId, versionId);
  const template = useTemplate(config?.sequenceTemplateProId ?? sequence.sequenceTemplateProId, synced);
  if (!config) return <Caption1>{t("recurring.noConfig")}</Caption1>;
  const templateId = config.sequenceTemplateProId ?? sequence.sequenceTemplateProId;
  return (
    <div data-testid="train-section">
      <Subtitle1 as="h2" style={{ display: "block", marginTop: 24 }}>
        {`${t(`instantiation.types.${config.type}`)} — ${t("recurring.template")} : ${template?.name ?? "…"}`}
      </Subtitle1>
      {config.type === "recurring" ? (
        <Caption1 data-testid="train-takt">{`${t("recurring.takt")} : ${config.takt}`}</Caption1>
      ) : null}
      {templateId ? (
        <SyncPanel
          templateId={templateId}
          projectId={projectId}
          versionId={versionId}
          status={template?.synchronizableStatus ?? sequence.synchronizableStatus}
          onSynced={() => {
            setSynced((n) => n + 1);
            onChanged();
          }}
        />
      ) : null}
      <RecurringSettings config={config} projectId={projectId} versionId={versionId} onSaved={onChanged} />
      <ZonesUpdate
        config={config}
        template={template}
        zones={zones}
        projectId={projectId}
        versionId={versionId}
        onSaved={onChanged}
      />
      <InstancesTable sequence={sequence} events={sequence.events ?? []} zones={zones} />
    </div>
  );
}
