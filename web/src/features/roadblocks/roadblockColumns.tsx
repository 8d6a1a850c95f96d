import type { TFunction } from "i18next";
import { Badge } from "@fluentui/react-components";
import type { Roadblock } from "../../api/roadblocks";
import type { DataTableColumn } from "../../components/DataTable";
import { formatDate } from "../../lib/dates";

export function authorOf(r: Roadblock): string {
  return r.createdBy ? [r.createdBy.firstname, r.createdBy.lastname].filter(Boolean).join(" ") : "";
}

/** The columns every roadblock table shows (the list page; the task modal's tab leaves out the task). */
export function roadblockColumns(t: TFunction, opts: { withEvent: boolean }): DataTableColumn<Roadblock>[] {
  return [
    {
      id: "state",
      header: t("roadblocks.columns.state"),
      width: 90,
      sortValue: (r) => (r.validate ? 1 : 0),
      exportValue: (r) => t(r.validate ? "roadblocks.state.validated" : "roadblocks.state.open"),
      render: (r) => (
        <Badge appearance="tint" color={r.validate ? "success" : "danger"}>
          {t(r.validate ? "roadblocks.state.validated" : "roadblocks.state.open")}
        </Badge>
      ),
    },
    { id: "name", header: t("roadblocks.columns.name"), width: 260 },
    ...(opts.withEvent
      ? [
          {
            id: "event",
            header: t("roadblocks.columns.event"),
            sortValue: (r: Roadblock) => r.event?.name ?? "",
            render: (r: Roadblock) => r.event?.name ?? "",
          },
        ]
      : []),
    {
      id: "lot",
      header: t("roadblocks.columns.lot"),
      sortValue: (r) => r.participantGroupPro?.name ?? "",
      render: (r) => r.participantGroupPro?.name ?? "",
    },
    {
      id: "participant",
      header: t("roadblocks.columns.participant"),
      sortValue: (r) => r.participant?.name ?? "",
      render: (r) => r.participant?.name ?? "",
    },
    {
      id: "zone",
      header: t("roadblocks.columns.zone"),
      sortValue: (r) => r.zone?.fullName ?? r.zone?.name ?? "",
      render: (r) => r.zone?.fullName ?? r.zone?.name ?? "",
    },
    { id: "createdBy", header: t("roadblocks.columns.createdBy"), sortValue: authorOf, render: authorOf },
    {
      id: "createdAt",
      header: t("roadblocks.columns.createdAt"),
      sortValue: (r) => r.createdAt,
      render: (r) => formatDate(r.createdAt),
    },
  ];
}
