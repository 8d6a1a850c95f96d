/**
 * The error catalogue of both specs, in one place: every code the server answers, its HTTP status and the
 * French text the client shows when it has no translation of its own. The server answers `{code, message}`;
 * the web shows `errors.{code}` (codes that already start with "errors." are used as they are).
 *
 * Codes keep the spellings of the specs (`invalid_credentials`, `errors.no_project`, `ImplementationError`...)
 * because the client keys its messages on them.
 */

export interface CatalogueEntry {
  status: number;
  message: string;
}

export const ERROR_CATALOGUE = {
  // Generic
  "errors.default": { status: 500, message: "Il y a eu une erreur lors de l'opération." },
  "errors.validation": { status: 400, message: "Les données envoyées sont invalides." },
  "errors.invalid_json": { status: 400, message: "Le corps de la requête n'est pas un JSON valide." },
  "errors.payload_too_large": { status: 413, message: "La requête est trop volumineuse." },
  "errors.route_not_found": { status: 404, message: "Cette adresse n'existe pas." },
  "errors.too_many_requests": { status: 429, message: "Trop de tentatives, veuillez réessayer plus tard." },
  "errors.conflict": {
    status: 409,
    message: "Les données ont été modifiées par un autre utilisateur, veuillez recharger.",
  },
  "errors.empty_field": { status: 400, message: "Un champ obligatoire est vide." },
  E_INVALID_NEW_RECORD: { status: 400, message: "Un champ obligatoire est vide." },

  // Session and access
  "errors.unauthorized": { status: 401, message: "Vous avez été déconnecté" },
  "errors.forbidden": { status: 403, message: "Action non autorisée." },
  invalid_credentials: { status: 401, message: "Identifiants invalides." },
  /** 404 when a user is addressed by id; the login answers it with 401 (see `AppError` status override). */
  user_not_found: { status: 404, message: "Utilisateur introuvable." },
  reset_link_expired: { status: 400, message: "Le lien de réinitialisation a expiré." },
  reset_link_invalid: { status: 400, message: "Le lien de réinitialisation est invalide ou a déjà été utilisé." },
  email_already_used: { status: 409, message: "Cette adresse e-mail est déjà utilisée." },
  forbidden_delete_user_assigned_to_project: { status: 409, message: "Cette utilisateur est associé à des projets" },
  forbidden_delete_self: { status: 409, message: "Vous ne pouvez pas supprimer votre propre compte." },
  users_already_assigned: { status: 409, message: "Les utilisateurs renseignés ont déjà été affectés au projet" },
  user_not_assigned: { status: 404, message: "Cet utilisateur n'est pas affecté au projet." },

  // Projects and versions
  "errors.no_project": { status: 400, message: "Aucun projet sélectionné." },
  "errors.project_not_found": { status: 404, message: "Projet introuvable." },
  "errors.version_not_found": { status: 404, message: "Version introuvable." },
  "errors.project_archived": { status: 403, message: "Ce projet est archivé." },
  "errors.project_being_updated": { status: 409, message: "Une nouvelle version est en cours de création." },
  "errors.project_already_signed": { status: 409, message: "Ce projet a déjà une version signée." },
  "errors.version_frozen": { status: 409, message: "Cette version est figée et ne peut plus être modifiée." },
  "errors.version_not_in_project": { status: 400, message: "Cette version n'appartient pas au projet." },
  "errors.error_close_project": {
    status: 409,
    message: "La version ne peut pas être figée sans nouvelles modifications.",
  },
  "errors.clone_without_version": { status: 400, message: "Veuillez sélectionner au moins une version." },
  "errors.compare_max_versions": { status: 400, message: "Veuillez comparer 4 versions au maximum" },
  "errors.project_not_public": { status: 404, message: "Ce planning n'est pas public." },

  // Files
  "errors.image_too_large": { status: 413, message: "L'image est trop volumineuse." },
  "errors.invalid_image_type": { status: 400, message: "Le fichier doit être une image (PNG, JPEG, WebP ou GIF)." },
  "errors.xlsx_required": { status: 400, message: "Le fichier doit être au format .xlsx." },
  "errors.missing_file": { status: 400, message: "Aucun fichier n'a été envoyé." },
  "errors.import_format": { status: 400, message: "Le format du fichier importé est incorrect." },
  "errors.import_invalid": { status: 400, message: "Le fichier importé est invalide." },
  "errors.import_too_large": { status: 400, message: "Le fichier importé dépasse la taille maximale de 50 Mo." },
  "errors.import_unsafe_xml": {
    status: 400,
    message: "Le fichier XML déclare un DOCTYPE ou des entités : refusé par sécurité.",
  },
  import_duplicate_email: { status: 400, message: "Une adresse e-mail apparaît plusieurs fois dans le fichier." },
  import_missing_email: { status: 400, message: "Une adresse e-mail est manquante." },
  import_invalid_email: { status: 400, message: "Une adresse e-mail est mal formée." },
  import_missing_name: { status: 400, message: "Un prénom ou un nom est manquant." },

  // Lists (filter triples)
  "errors.invalid_filter": { status: 400, message: "Filtre invalide." },
  "errors.unknown_filter_field": { status: 400, message: "Champ de filtre inconnu." },
  "errors.unknown_filter_condition": { status: 400, message: "Condition de filtre inconnue." },
  "errors.invalid_filter_value": { status: 400, message: "Valeur de filtre invalide." },
  "errors.unknown_sort_field": { status: 400, message: "Champ de tri inconnu." },
  "errors.unknown_join": { status: 400, message: "Jointure inconnue." },
  "errors.invalid_pagination": { status: 400, message: "Pagination invalide (limit, offset)." },

  // Planning
  "errors.event_not_found": { status: 404, message: "Could not find any entity" },
  "errors.not_found": { status: 404, message: "Could not find any entity" },
  "errors.invalid_date": { status: 400, message: "Date invalide" },
  "errors.startDate_invalid": { status: 400, message: "La date de début est invalide." },
  "errors.endDate_invalid": { status: 400, message: "La date de fin est invalide." },
  "errors.cycle": { status: 400, message: "Ces liens créeraient une boucle entre les tâches." },
  "errors.event_has_countings": {
    status: 409,
    message: "Les tâches ayant un comptage ne peuvent pas être supprimées.",
  },
  ImplementationError: {
    status: 400,
    message: "Certains éléments sont référencés par d'autres et ne peuvent pas être supprimés.",
  },
  "errors.cant_update_task": { status: 400, message: "La mise à jour de la tâche récurrente a échoué." },
  "errors.parent_task_assignation": {
    status: 400,
    message: "Ces parents ne peuvent pas être utilisés pour ce modèle de tâche.",
  },
  "errors.undo_failed": { status: 500, message: "Une erreur est survenue pendant l'annulation" },
  "errors.undo_nothing": { status: 409, message: "Annulation impossible" },
  "errors.undo_import_in_use": {
    status: 409,
    message:
      "Annulation impossible : une macro-tâche ou une étiquette de l'import est déjà utilisée (tâches, lignes de commande, zones, lots…).",
  },
  "errors.sequence_not_found": { status: 404, message: "Could not find any entity" },
  "errors.sequence_parent_cycle": {
    status: 400,
    message: "Une séquence ne peut pas être rangée dans elle-même ni dans une de ses sous-séquences.",
  },
  "errors.not_a_milestone": { status: 400, message: "Cet élément n'est pas un jalon." },
  "errors.shift_history_not_found": { status: 404, message: "Could not find any entity" },
  "errors.shift_history_file_not_found": { status: 404, message: "Ce fichier n'existe pas dans ce recalage." },

  // Reference data, quality, costs (spec 001)
  participant_group_name_exists: { status: 409, message: "Ce nom de lot est déjà utilisé." },
  speciality_participant_or_group_dont_match: {
    status: 400,
    message: "Le participant ou la spécialité ne correspond pas au lot.",
  },
  cannot_instantiate_on_that_zone_typology: {
    status: 400,
    message: "Impossible d'instancier sur cette typologie de zone.",
  },
  zone_typology_not_available: {
    status: 400,
    message: "Les typologies des tâches ne sont pas disponibles sur cette zone.",
  },
  cant_change_unity_zone_with_events: {
    status: 409,
    message: "Impossible de modifier une zone qui contient des tâches.",
  },
  first_and_last_eventTemplates_are_the_same: {
    status: 400,
    message: "La première et la dernière tâche de la séquence sont identiques.",
  },
  zone_used_by_events: {
    status: 409,
    message: "Cette zone est utilisée par des tâches et ne peut pas être supprimée.",
  },
  event_template_in_use: { status: 409, message: "Ce modèle de tâche est utilisé et ne peut pas être supprimé." },
  sequence_template_referenced: {
    status: 409,
    message: "Ce modèle de séquence est référencé et ne peut pas être supprimé.",
  },
  sequence_template_instantiated: {
    status: 409,
    message: "Ce modèle de séquence est instancié et ne peut pas être supprimé.",
  },
  quality_control_already_exists: { status: 409, message: "Ce contrôle qualité existe déjà pour cette tâche." },
  counting_unsigned_version: { status: 409, message: "Impossible de compter sur une version non signée." },
  counting_unstarted_task: { status: 400, message: "Impossible de compter une tâche non commencée." },
  counting_out_of_range: { status: 400, message: "L'avancement doit être supérieur à 0 et au plus 100." },
  counting_missing_days: {
    status: 400,
    message: "Le nombre de jours est obligatoire : seule une tâche avec des jours ouvrés reçoit un avancement.",
  },
  roadblock_reference_invalid: {
    status: 400,
    message: "La tâche, le lot, le participant ou la zone n'appartient pas à la version du point bloquant.",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field-level details: zod issues, the ids that block a deletion, the ids on a cycle... */
  details?: unknown;
}

export interface AppErrorOptions {
  message?: string;
  details?: unknown;
  /** Overrides the catalogue status where a spec asks for it (user_not_found answers 401 at login). */
  status?: number;
}

/** A typed error that the server turns into `{code, message, details}` with the catalogue status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.details = options.details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** The key the client translates: `errors.x` stays, a bare server code becomes `errors.{code}`. */
export function translationKey(code: ErrorCode): string {
  return code.startsWith("errors.") ? code : `errors.${code}`;
}
