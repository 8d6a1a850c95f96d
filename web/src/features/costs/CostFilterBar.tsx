import { useTranslation } from "react-i18next";
import { Field, Select } from "@fluentui/react-components";
import type { CostLineType } from "@jalon/shared";
import { zonesApi } from "../../api/reference";
import { macroTasksApi, tagsApi } from "../../api/referenceMore";
import { useAsync } from "../../lib/useAsync";
import { FilterBar } from "../../components/FilterBar";
import { IdFilter } from "../../components/IdFilter";

export interface CostFilterState {
  orderLineType?: CostLineType;
  macroTaskId: number | null;
  zoneId: number | null;
  tagId: number | null;
}

export const NO_COST_FILTER: CostFilterState = { macroTaskId: null, zoneId: null, tagId: null };

/** The filters as the API's lists. */
export const filterIds = (f: CostFilterState) => ({
  orderLineType: f.orderLineType,
  macroTaskIds: f.macroTaskId === null ? undefined : [f.macroTaskId],
  zoneIds: f.zoneId === null ? undefined : [f.zoneId],
  tagIds: f.tagId === null ? undefined : [f.tagId],
});

/** Line type, macro-task, zone and (unless `noTags`) tag filters of the cost screens (spec 001: lineType, macroTasks, tags, zones). */
export function CostFilterBar({
  projectId,
  versionId,
  value,
  onChange,
  noTags,
  children,
}: {
  projectId: number;
  versionId: number;
  value: CostFilterState;
  onChange: (f: CostFilterState) => void;
  noTags?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const macroTasks = useAsync(() => macroTasksApi.list(projectId, versionId), [projectId, versionId]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId]);
  const tags = useAsync(
    () => (noTags ? Promise.resolve(null) : tagsApi.list(projectId, versionId)),
    [projectId, versionId, noTags],
  );
  return (
    <FilterBar>
      {children}
      <Field label={t("costs.filters.lineType")}>
        <Select
          value={value.orderLineType ?? ""}
          onChange={(_, d) => onChange({ ...value, orderLineType: (d.value || undefined) as CostLineType | undefined })}
        >
          <option value="">{t("costs.filters.allTypes")}</option>
          <option value="supply">{t("costs.filters.supply")}</option>
          <option value="labor">{t("costs.filters.labor")}</option>
        </Select>
      </Field>
      <IdFilter
        label={t("costs.filters.macroTask")}
        allLabel={t("costs.filters.allMacroTasks")}
        value={value.macroTaskId}
        onChange={(macroTaskId) => onChange({ ...value, macroTaskId })}
        items={macroTasks.data?.data ?? []}
      />
      <IdFilter
        label={t("costs.filters.zone")}
        allLabel={t("costs.filters.allZones")}
        value={value.zoneId}
        onChange={(zoneId) => onChange({ ...value, zoneId })}
        items={(zones.data?.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
      />
      {!noTags && (
        <IdFilter
          label={t("costs.filters.tag")}
          allLabel={t("costs.filters.allTags")}
          value={value.tagId}
          onChange={(tagId) => onChange({ ...value, tagId })}
          items={tags.data?.data ?? []}
        />
      )}
    </FilterBar>
  );
}
