import type { TFunction } from "i18next";
import type { Participant } from "../../api/reference";
import type { DataTableColumn } from "../../components/DataTable";
import { Swatch } from "../../components/Color";

/** The first columns of every participants list: the name behind its colour, then the company. */
export function participantIdentityColumns(t: TFunction): DataTableColumn<Participant>[] {
  return [
    {
      id: "name",
      header: t("participants.columns.name"),
      render: (p) => (
        <>
          <Swatch color={p.color} />
          {p.name}
        </>
      ),
    },
    { id: "companyName", header: t("participants.columns.companyName") },
  ];
}
