// Typed calls of the cost-monitoring screens (shared/src/contract/costs.ts) and of the remaining work
// (GET /order-line-task/todo, shared/src/contract/orderLineTask.ts).
import type {
  CostLineType,
  FinanceAnswer,
  OrderLineTaskTodo,
  ProductivityAnswer,
  ProductivityOrder,
  SupplyAnswer,
} from "@jalon/shared";
import { request } from "./http";
import { downloadFile } from "./referenceMore";

export interface CostFilterValues {
  projectId: number;
  versionId: number;
  orderLineType?: CostLineType;
  macroTaskIds?: number[];
  zoneIds?: number[];
  tagIds?: number[];
}

const filterQuery = (f: CostFilterValues) => ({
  projectId: f.projectId,
  versionId: f.versionId,
  orderLineType: f.orderLineType,
  macroTaskIds: f.macroTaskIds?.length ? f.macroTaskIds : undefined,
  zoneIds: f.zoneIds?.length ? f.zoneIds : undefined,
  tagIds: f.tagIds?.length ? f.tagIds : undefined,
});

export const costsApi = {
  supply: (projectId: number, versionId: number) =>
    request<SupplyAnswer>("GET", "/costs/supply", { query: { projectId, versionId } }),
  finance: (f: CostFilterValues, versionIds?: number[]) =>
    request<FinanceAnswer>("GET", "/costs/finance", {
      // No versionIds: the server compares with the referent version; an empty choice sends the viewed one alone.
      query: {
        ...filterQuery(f),
        versionIds: versionIds === undefined ? undefined : versionIds.length ? versionIds : [f.versionId],
      },
    }),
  /** A page of the table: `page` gives limit, offset and sort ("field,ASC"), as useTableQuery makes them. */
  productivity: (
    orderBy: ProductivityOrder,
    f: CostFilterValues,
    page: { limit: number; offset: number; sort: string },
  ) => request<ProductivityAnswer>("GET", `/costs/productivity/${orderBy}`, { query: { ...filterQuery(f), ...page } }),
  exportProductivity: (orderBy: ProductivityOrder, f: CostFilterValues) =>
    downloadFile(
      `/costs/productivity/${orderBy}/export`,
      filterQuery(f),
      orderBy === "quantity" ? "Productivite_quantite.xlsx" : "Productivite_prix.xlsx",
    ),
  remaining: (f: CostFilterValues) =>
    request<OrderLineTaskTodo>("GET", "/order-line-task/todo", { query: filterQuery(f) }),
  exportRemaining: (f: CostFilterValues) =>
    downloadFile("/order-line-task/todo/export", filterQuery(f), "Reste_a_faire.xlsx"),
};
