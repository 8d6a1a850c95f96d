/** The objection models (see base.ts for when a model is used and when SQL). */
export { BaseModel } from "./base.js";
export { TagModel, TAGS, tagRefs } from "./tag.js";
export { ZoneModel } from "./zone.js";
export { LotModel, ParticipantModel, SpecialityModel } from "./trades.js";
export { HolidayModel } from "./holiday.js";
export { MacroTaskModel } from "./macroTask.js";
export { ProjectModel, UserModel } from "./user.js";
