/** Labels of the shared DataTable (web/src/components/DataTable.tsx). */
export const table = {
  table: {
    rowsPerPage: "Lignes par page",
    range: "{{from}}–{{to}} sur {{total}}",
    previousPage: "Page précédente",
    nextPage: "Page suivante",
    firstPage: "Première page",
    lastPage: "Dernière page",
    columns: "Colonnes",
    columnsHint: "Au moins une colonne doit rester affichée.",
    selectAll: "Tout sélectionner",
    selectRow: "Sélectionner {{name}}",
    selected_one: "{{count}} ligne sélectionnée",
    selected_other: "{{count}} lignes sélectionnées",
    deleteSelected: "Supprimer la sélection",
    empty: "Aucune donnée à afficher.",
    loading: "Chargement…",
    dragHandle: "Déplacer {{name}}",
    export: "Exporter (.xlsx)",
    exportFailed: "L'export a échoué.",
  },
};
