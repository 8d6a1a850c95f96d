/** The planning's chart with the keyboard and what it says to screen readers (issue 22). */
export const planningKeyboard = {
  planningKeyboard: {
    chart: {
      label: "Diagramme de Gantt du planning",
      roleDescription: "diagramme de Gantt modifiable au clavier",
      help: "Flèches haut et bas : tâche précédente ou suivante (Début, Fin : première, dernière). Espace : sélectionner la tâche ; Maj+Espace ou Ctrl+Espace : l'ajouter à la sélection ou l'en retirer. Flèches gauche et droite : déplacer la sélection d'un jour ouvré ; avec Maj : d'une semaine. Alt+Maj+flèches gauche et droite : raccourcir ou allonger la tâche d'un jour ouvré. Entrée : ouvrir la tâche. Suppr : supprimer la sélection. L : lier la tâche à une autre, choisie avec les flèches haut et bas puis Entrée ; Échap annule. Ctrl+Z : défaire.",
      readOnlyHelp:
        "Flèches haut et bas : tâche précédente ou suivante (Début, Fin : première, dernière). Espace : sélectionner la tâche. Entrée : ouvrir la tâche.",
      regionLabel: "Annonces du planning",
    },
    task: {
      critical: "tâche critique",
      notCritical: "non critique",
      selected: "sélectionnée",
      milestone: "jalon",
      linkTarget: "Cible du lien : {{task}}",
    },
    selection: {
      added: "{{name}} sélectionnée ; {{count}}",
      removed: "{{name}} retirée de la sélection ; {{count}}",
      count_zero: "aucune tâche sélectionnée",
      count_one: "{{count}} tâche sélectionnée",
      count_other: "{{count}} tâches sélectionnées",
    },
    moved: {
      one: "{{name}} déplacée au {{date}}",
      many: "{{count}} tâches déplacées de {{shift}}, {{name}} au {{date}}",
      followers_zero: "aucune autre tâche ne suit",
      followers_one: "{{count}} tâche suit",
      followers_other: "{{count}} tâches suivent",
      projectedEnd: "fin projetée {{date}}",
      failed: "Déplacement refusé : {{name}} garde ses dates.",
    },
    resized: "{{name}} : durée {{duration}}, du {{start}} au {{end}}",
    link: {
      start:
        "Lien depuis {{name}} : choisissez la tâche suivante avec les flèches haut et bas, Entrée pour lier, Échap pour annuler.",
      created: "Lien créé de {{parent}} à {{child}}, fin à début.",
      cancelled: "Lien annulé.",
    },
    refuse: {
      noSelection: "Aucune tâche sélectionnée : Espace sélectionne la tâche courante.",
      notEditable: "Les dates et les liens se modifient en mode Construction ou Recalage.",
      notWritable: "Ce planning est en lecture seule.",
      milestone: "Un jalon n'a pas de durée.",
      sameTask: "Choisissez une autre tâche que {{name}}.",
      noTask: "Aucune tâche affichée.",
    },
    deleteConfirm: {
      title_one: "Supprimer « {{name}} » ?",
      title_other: "Supprimer {{count}} tâches ?",
      body_one: "« {{name}} » sera supprimée du planning.",
      body_other: "Les {{count}} tâches sélectionnées seront supprimées du planning.",
      cancelled: "Suppression annulée.",
    },
    undone: "Défait. {{label}}",
    redone: "Refait : la dernière action défaite est faite à nouveau.",
  },
};
