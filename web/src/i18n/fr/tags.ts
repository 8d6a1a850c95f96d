/** Tags and tag categories (spec 001: /dashboard/tags, /dashboard/tags/categories, /dashboard/tags/{recordId}). */
import { classificationCategories, classificationColumns, classificationForm } from "./classification";
export const tags = {
  tags: {
    title: "Étiquettes",
    new: "Nouvelle étiquette",
    categoriesLink: "Catégories",
    export: "Exporter (.xlsx)",
    exportFailed: "L'export a échoué.",
    search: "Rechercher une étiquette",
    listLabel: "Liste des étiquettes",
    empty: "Aucune étiquette dans cette version.",
    columns: classificationColumns,
    deleteTitle: "Supprimer les étiquettes",
    deleteText_one: "L'étiquette sélectionnée sera retirée de tous les éléments qui la portent.",
    deleteText_other: "Les {{count}} étiquettes sélectionnées seront retirées de tous les éléments qui les portent.",
    deleted: "Étiquettes supprimées.",
    created: "Étiquette créée.",
    updated: "Étiquette mise à jour.",
    form: {
      titleNew: "Nouvelle étiquette",
      title: "Étiquette",
      ...classificationForm,
      notFound: "Cette étiquette n'existe pas.",
    },
    categories: {
      title: "Catégories d'étiquettes",
      back: "Étiquettes",
      listLabel: "Liste des catégories d'étiquettes",
      ...classificationCategories,
      deleteText: "Les étiquettes de cette catégorie seront conservées, sans catégorie.",
    },
  },
};
