import type { Knex } from "knex";
import * as m001 from "./001_accounts_projects_versions.js";
import * as m002 from "./002_planning.js";
import * as m003 from "./003_phases.js";
import * as m004 from "./004_planning_keys.js";
import * as m005 from "./005_event_links_index.js";
import * as m006 from "./006_version_content_revision.js";
import * as m007 from "./007_planning_row_cost.js";
import * as m008 from "./008_events_version_check.js";
import * as m009 from "./009_events_zone_lot_checks.js";
import * as m010 from "./010_version_copy_cost.js";
import * as m011 from "./011_socket_io_attachments.js";
import * as m012 from "./012_templates.js";
import * as m013 from "./013_template_tags.js";
import * as m014 from "./014_instantiation.js";
import * as m015 from "./015_counting_client_key.js";
import * as m017 from "./017_quality_control.js";
import * as m018 from "./018_roadblocks.js";
import * as m019 from "./019_order_lines.js";
import * as m021 from "./021_undo_labels.js";
import * as m023 from "./023_version_cost_revision.js";
import * as m024 from "./024_events_macro_task_cover.js";

interface Migration {
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

/** The migrations, in order; the same for PGlite and PostgreSQL. Names are stable: never rename one. */
export const MIGRATIONS: [string, Migration][] = [
  ["001_accounts_projects_versions", m001],
  ["002_planning", m002],
  ["003_phases", m003],
  ["004_planning_keys", m004],
  ["005_event_links_index", m005],
  ["006_version_content_revision", m006],
  ["007_planning_row_cost", m007],
  ["008_events_version_check", m008],
  ["009_events_zone_lot_checks", m009],
  ["010_version_copy_cost", m010],
  ["011_socket_io_attachments", m011],
  ["012_templates", m012],
  ["013_template_tags", m013],
  ["014_instantiation", m014],
  ["015_counting_client_key", m015],
  ["017_quality_control", m017],
  ["018_roadblocks", m018],
  ["019_order_lines", m019],
  ["021_undo_labels", m021],
  ["023_version_cost_revision", m023],
  ["024_events_macro_task_cover", m024],
];

/** A knex migration source over the TypeScript modules above (no .cjs files, no directory scanning). */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};
