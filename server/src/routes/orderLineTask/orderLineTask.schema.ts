// The order-line task's request schemas, entity and filter fields are its contract:
// shared/src/contract/orderLineTask.ts. Here: the SQL columns of the filter fields (derived table `olt` of
// orderLineTaskSelect, names already joined).
export const orderLineTaskColumns: Record<string, string> = {
  id: "olt.id",
  projectId: "olt.project_id",
  versionId: "olt.version_id",
  trackingId: "olt.tracking_id",
  orderLineId: "olt.order_line_id",
  eventId: "olt.event_id",
  zoneId: "olt.zone_id",
  specialityId: "olt.speciality_id",
  price: "olt.price",
  quantity: "olt.quantity",
  priceSupply: "olt.price_supply",
  isOrdered: "olt.is_ordered",
  startDate: "olt.start_date",
  label: "olt.label",
  type: "olt.type",
  unit: "olt.unit",
  familyId: "olt.family_id",
  macroTaskId: "olt.macro_task_id",
  zoneName: "olt.zone_name",
  eventName: "olt.event_name",
  createdAt: "olt.created_at",
  updatedAt: "olt.updated_at",
};
