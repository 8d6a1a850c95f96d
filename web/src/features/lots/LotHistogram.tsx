// Tasks and milestones per lot (GET /participant-group-pro/histogram) or per participant
// (GET /participant/histogram) of the version, as horizontal bars.
import { useTranslation } from "react-i18next";
import { lotsApi } from "../../api/reference";
import { Histogram } from "../../components/Histogram";

export function LotHistogram({
  projectId,
  versionId,
  highlight,
}: {
  projectId: number;
  versionId: number;
  highlight?: number;
}) {
  const { t } = useTranslation();
  return (
    <Histogram
      load={() => lotsApi.histogram(projectId, versionId).then((r) => r.data)}
      deps={[projectId, versionId]}
      title={t("lots.histogram")}
      highlight={highlight}
    />
  );
}
