/** Phases and phase categories (spec 001: /dashboard/phases, /dashboard/phases/categories, /dashboard/phases/{recordId}). */
import { classificationCategories, classificationColumns, classificationForm } from "./classification";
export const phases = {
  phases: {
    title: "Phases",
    new: "Nouvelle phase",
    categoriesLink: "Catégories",
    export: "Exporter (.xlsx)",
    exportFailed: "L'export a échoué.",
    search: "Rechercher une phase",
    listLabel: "Liste des phases",
    empty: "Aucune phase dans cette version.",
    columns: classificationColumns,
    deleteTitle: "Supprimer les phases",
    deleteText_one: "La phase sélectionnée sera supprimée.",
    deleteText_other: "Les {{count}} phases sélectionnées seront supprimées.",
    deleted: "Phases supprimées.",
    created: "Phase créée.",
    updated: "Phase mise à jour.",
    form: {
      titleNew: "Nouvelle phase",
      title: "Phase",
      ...classificationForm,
      notFound: "Cette phase n'existe pas.",
    },
    categories: {
      title: "Catégories de phases",
      back: "Phases",
      listLabel: "Liste des catégories de phases",
      ...classificationCategories,
      deleteText: "Les phases de cette catégorie seront conservées, sans catégorie.",
    },
  },
};
