// errors.{code}: every code of the shared catalogue (shared/src/errors.ts) with its French text, then the
// web's own wording where the client needs it (spec 000 section 8, spec 001 section 8).
import { ERROR_CATALOGUE } from "@jalon/shared";

const fromCatalogue: Record<string, string> = {};
for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
  fromCatalogue[code.startsWith("errors.") ? code.slice("errors.".length) : code] = entry.message;
}

export const errors = {
  errors: {
    ...fromCatalogue,
    default: "Il y a eu une erreur lors de l'opération.",
    network: "Le serveur est injoignable. Vérifiez votre connexion.",
    no_project: "Aucun projet ou aucune version sélectionnée : choisissez un projet.",
    not_found: "Élément introuvable.",
    event_not_found: "Tâche introuvable.",
    invalid_credentials: "Adresse e-mail ou mot de passe incorrect.",
    user_not_found: "Aucun compte ne correspond à cette adresse e-mail.",
    unauthorized: "Vous avez été déconnecté",
    disconnected: "Vous avez été déconnecté",
    session_expired: "Votre session a expiré : reconnectez-vous.",
    error_close_project: "La version ne peut pas être figée sans nouvelles modifications.",
    date_invalid: "Date invalide",
    compare_max_versions: "Veuillez comparer 4 versions au maximum",
    undo_failed: "Une erreur est survenue pendant l'annulation",
    undo_nothing: "Annulation impossible",
    forbidden_delete_user_assigned_to_project: "Cette utilisateur est associé à des projets",
    users_already_assigned: "Les utilisateurs renseignés ont déjà été affectés au projet",
  },
};
