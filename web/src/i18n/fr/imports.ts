/** /dashboard/imports: structure, zone and existing files (spec 001 sections 2, 8). */
export const imports = {
  confirmation_messages: {
    import_success: "Import réalisé avec succès.",
  },
  imports: {
    title: "Imports",
    chooseFile: "Fichier .xlsx",
    pickFile: "Choisir un fichier .xlsx",
    noFile: "Aucun fichier choisi.",
    import: "Importer",
    importing: "Import en cours…",
    xlsxOnly: "Le fichier doit être au format .xlsx.",
    structure: {
      title: "Structure",
      text: "Un classeur .xlsx avec tout ou partie des feuilles « Étiquettes », « Phases » (Nom, Couleur, Type, Catégorie), « Macro-tâches » (Nom, Lot, Unité suivie) et « Jours fériés et congés » (Nom, Type, Date de début, Date de fin). Rien n'est importé si une ligne est invalide ; les jours fériés replanifient les tâches.",
      done: "{{tags}} étiquette(s), {{phases}} phase(s), {{macroTasks}} macro-tâche(s), {{holidays}} jour(s) férié(s) ou congé(s) importés.",
    },
    zone: {
      title: "Zones",
      text: "Un classeur .xlsx d'une zone par ligne : Nom, Zone parente (nom complet), Typologie, Unité. Les zones sont ajoutées après celles de la version.",
      done_one: "{{count}} zone importée.",
      done_other: "{{count}} zones importées.",
    },
    existing: {
      title: "Fichiers existants",
      text: "Le contenu actuel de la version, dans le format des imports : à télécharger, modifier puis réimporter.",
      structure: "Structure (.xlsx)",
      zones: "Zones (.xlsx)",
      tags: "Étiquettes (.xlsx)",
      holidays: "Jours fériés et congés (.xlsx)",
      failed: "Le téléchargement a échoué.",
    },
  },
};
