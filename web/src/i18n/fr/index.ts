import { common } from "./common";
import { errors } from "./errors";
import { auth } from "./auth";
import { nav } from "./nav";
import { layout } from "./layout";
import { projects } from "./projects";
import { versions } from "./versions";
import { users } from "./users";
import { planning } from "./planning";
import { events } from "./events";
import { table } from "./table";
import { zones } from "./zones";
import { lots } from "./lots";
import { participants } from "./participants";
import { specialities } from "./specialities";
import { holidays } from "./holidays";
import { phases } from "./phases";
import { tags } from "./tags";
import { macroTasks } from "./macroTasks";
import { imports } from "./imports";
import { print } from "./print";
import { templates } from "./templates";
import { instantiation } from "./instantiation";
import { workforce } from "./workforce";
import { countings } from "./countings";
import { dashboard } from "./dashboard";
import { roadblocks } from "./roadblocks";
import { quality } from "./quality";
import { orderLines } from "./orderLines";
import { costs } from "./costs";
import { readable } from "./readable";
import { planningDirect } from "./planningDirect";
import { planningGrid } from "./planningGrid";
import { planningKeyboard } from "./planningKeyboard";
import { planningTable } from "./planningTable";
import { accessibility } from "./accessibility";
import { interchange } from "./interchange";

/** All French text, one i18next namespace ("translation"). */
export const fr = {
  ...common,
  ...errors,
  ...auth,
  ...nav,
  ...layout,
  ...projects,
  ...versions,
  ...users,
  ...planning,
  ...events,
  ...table,
  ...zones,
  ...lots,
  ...participants,
  ...specialities,
  ...holidays,
  ...phases,
  ...tags,
  ...macroTasks,
  ...imports,
  ...print,
  ...templates,
  ...instantiation,
  ...workforce,
  ...countings,
  ...dashboard,
  ...roadblocks,
  ...quality,
  ...orderLines,
  ...costs,
  ...readable,
  ...planningDirect,
  ...planningGrid,
  ...planningKeyboard,
  ...planningTable,
  ...accessibility,
  ...interchange,
};
export type Resources = typeof fr;
