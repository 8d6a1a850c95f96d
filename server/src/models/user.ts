import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel } from "./base.js";

/** A project as a user's list shows it. */
export class ProjectModel extends BaseModel {
  static override tableName = "projects";
  declare name: string;
}

/** A user (users) and the projects they are a member of (project_users): `join=projects` of GET /user. */
export class UserModel extends BaseModel {
  static override tableName = "users";
  declare firstname: string | null;
  declare lastname: string | null;
  declare projects?: ProjectModel[];

  static override get relationMappings(): RelationMappings {
    return {
      projects: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: ProjectModel,
        join: {
          from: "users.id",
          through: { from: "project_users.user_id", to: "project_users.project_id" },
          to: "projects.id",
        },
        /** Id and name, by name. */
        modify: (qb: QueryBuilder<ProjectModel>) =>
          void qb.select("projects.id", "projects.name").orderBy("projects.name"),
      },
    };
  }
}
