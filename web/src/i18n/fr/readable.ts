/** The planning's readability aids (issue 20): critical path and links legend, link filter, compare badges. */
export const readable = {
  readable: {
    allLinks: "Toutes les liaisons",
    allLinksHint: "Au-delà de 300 liaisons à l'écran, seules celles de la sélection sont tracées.",
    legendTitle: "Légende du planning",
    criticalBar: "Tâche critique : contour épais et hachures",
    criticalLink: "Liaison critique : trait épais",
    progressBar: "Avancement : part réalisée soulignée et fermée d'un trait, pourcentage écrit",
    lockedBar: "Tâche verrouillée : cadenas",
    hiddenLinks_one: "{{count}} liaison masquée : sélectionnez une tâche ou activez « Toutes les liaisons ».",
    hiddenLinks_other: "{{count}} liaisons masquées : sélectionnez une tâche ou activez « Toutes les liaisons ».",
    reference: "Écarts Δ début / fin en jours ouvrés, mesurés par rapport à {{version}}.",
    referent: "{{version}} (version de référence)",
    later: "Δ +n : plus tard",
    earlier: "Δ −n : plus tôt",
    newTask: "Nouvelle : absente de la version de référence",
    unchanged: "Sans badge : dates inchangées",
  },
};
