import type { TFunction } from "i18next";
import type { Participant } from "../../api/reference";
import type { DataTableColumn } from "../../components/DataTable";
import { swatchNameColumn } from "../../components/Color";

/** The first columns of every participants list: the name behind its colour, then the company. */
export function participantIdentityColumns(t: TFunction): DataTableColumn<Participant>[] {
  return [
    swatchNameColumn(t("participants.columns.name")),
    { id: "companyName", header: t("participants.columns.companyName") },
  ];
}
