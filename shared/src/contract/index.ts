/**
 * The API contract, one file per resource: its entity type (the JSON the server answers), its request schemas
 * (zod; the server validates with them, the web's client types its calls from them), its list's filter fields,
 * its error keys and its realtime names. Enums are defined once here and imported everywhere.
 */
export * from "./common.js";
export * from "./zone.js";
export * from "./event.js";
export * from "./holiday.js";
export * from "./speciality.js";
export * from "./participant.js";
export * from "./lot.js";
export * from "./participantGroup.js";
export * from "./macroTask.js";
export * from "./sequence.js";
export * from "./user.js";
export * from "./version.js";
export * from "./project.js";
export * from "./classification.js";
export * from "./family.js";
export * from "./orderLine.js";
export * from "./orderLineTask.js";
export * from "./orderLineImport.js";
export * from "./history.js";
export * from "./eventTemplate.js";
export * from "./sequenceTemplate.js";
export * from "./instantiation.js";
export * from "./planning.js";
export * from "./eventExtras.js";
export * from "./workforce.js";
export * from "./dashboard.js";
export * from "./counting.js";
export * from "./qualityControl.js";
export * from "./qualityControlTemplate.js";
export * from "./roadblock.js";
export * from "./costs.js";
export * from "./scheduleImport.js";
export * from "./undo.js";
export * from "./structureImport.js";
