/** Specialities screens (spec 001 sections 2, 3). */
export const specialities = {
  specialities: {
    title: "Spécialités",
    create: "Nouvelle spécialité",
    newTitle: "Nouvelle spécialité",
    created: "Spécialité créée.",
    updated: "Spécialité mise à jour.",
    deleted: "Spécialités supprimées.",
    empty: "Aucune spécialité dans cette version.",
    deleteTitle: "Supprimer les spécialités",
    deleteBody_one: "Supprimer la spécialité sélectionnée ?",
    deleteBody_other: "Supprimer les {{count}} spécialités sélectionnées ?",
    back: "Retour aux spécialités",
    noLot: "Aucun lot",
    columns: { name: "Nom", lot: "Lot", tags: "Étiquettes" },
    fields: { name: "Nom", lot: "Lot" },
  },
};
