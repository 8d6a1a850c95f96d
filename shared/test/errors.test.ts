import { describe, expect, it } from "vitest";
import { AppError, ERROR_CATALOGUE, isErrorCode, statusOf, translationKey } from "../src/errors.js";

describe("error catalogue", () => {
  it("maps the codes of both specs to their status", () => {
    expect(statusOf("errors.conflict")).toBe(409);
    expect(statusOf("invalid_credentials")).toBe(401);
    expect(statusOf("user_not_found")).toBe(404);
    expect(statusOf("forbidden_delete_user_assigned_to_project")).toBe(409);
    expect(statusOf("errors.no_project")).toBe(400);
    expect(statusOf("participant_group_name_exists")).toBe(409);
    expect(statusOf("ImplementationError")).toBe(400);
    expect(statusOf("errors.default")).toBe(500);
  });

  it("gives every code a 4xx or the 500 fallback and a French message", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status === 500 || (entry.status >= 400 && entry.status < 500), code).toBe(true);
      expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it("keeps the catalogued texts of the specs", () => {
    expect(ERROR_CATALOGUE.forbidden_delete_user_assigned_to_project.message).toBe(
      "Cette utilisateur est associé à des projets",
    );
    expect(ERROR_CATALOGUE.users_already_assigned.message).toBe(
      "Les utilisateurs renseignés ont déjà été affectés au projet",
    );
    expect(ERROR_CATALOGUE["errors.undo_nothing"].message).toBe("Annulation impossible");
    expect(ERROR_CATALOGUE["errors.compare_max_versions"].message).toBe("Veuillez comparer 4 versions au maximum");
  });

  it("builds typed errors with a status override and details", () => {
    const e = new AppError("user_not_found", { status: 401, details: { email: "x" } });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(401);
    expect(e.toBody()).toEqual({
      code: "user_not_found",
      message: "Utilisateur introuvable.",
      details: { email: "x" },
    });
    expect(new AppError("errors.conflict").status).toBe(409);
  });

  it("recognises codes and gives translation keys", () => {
    expect(isErrorCode("errors.conflict")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(translationKey("invalid_credentials")).toBe("errors.invalid_credentials");
    expect(translationKey("errors.no_project")).toBe("errors.no_project");
  });
});
