/**
 * The words tags and phases share (same screens, spec 001: a list, a form, categories reorderable by drag):
 * each file adds what names its own items.
 */
export const classificationColumns = { name: "Nom", color: "Couleur", type: "Type", category: "Catégorie" };

export const classificationForm = {
  name: "Nom",
  color: "Couleur",
  customColor: "Couleur personnalisée",
  noColor: "Aucune couleur",
  type: "Type",
  category: "Catégorie",
  noCategory: "Aucune catégorie",
  save: "Enregistrer",
  close: "Fermer",
};

export const classificationCategories = {
  empty: "Aucune catégorie dans cette version.",
  hint: "Faites glisser une ligne pour changer l'ordre des catégories.",
  columns: { name: "Nom", type: "Type", parent: "Catégorie parente" },
  newTitle: "Nouvelle catégorie",
  editTitle: "Modifier la catégorie",
  add: "Ajouter",
  name: "Nom",
  type: "Type",
  parent: "Catégorie parente",
  noParent: "Aucune",
  created: "Catégorie créée.",
  updated: "Catégorie mise à jour.",
  deleted: "Catégorie supprimée.",
  orderUpdated: "Ordre mis à jour.",
};
