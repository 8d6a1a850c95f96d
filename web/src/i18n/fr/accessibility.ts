// The accessibility statement (RGAA's "déclaration d'accessibilité" shape), issue 22.
export const accessibility = {
  accessibility: {
    title: "Déclaration d'accessibilité",
    link: "Accessibilité",
    commitment:
      "L'équipe de Jalon s'engage à rendre son application accessible, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005.",
    scope:
      "Cette déclaration d'accessibilité s'applique à l'application web Jalon (planification OPC et suivi de chantier).",
    status: {
      title: "État de conformité",
      body: "Jalon est partiellement conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1, et avec les WCAG 2.1 au niveau AA, en raison des non-conformités énumérées ci-dessous.",
    },
    results: {
      title: "Résultats des tests",
      body: "Aucun audit RGAA complet n'a encore été réalisé par un organisme extérieur. Les résultats ci-dessous sont ceux des tests que l'équipe de Jalon exécute à chaque modification de l'application.",
      automated:
        "Tests automatisés : la bibliothèque axe-core contrôle chaque écran avec les règles des WCAG 2.0 et 2.1, niveaux A et AA (textes alternatifs, étiquettes des champs, noms des boutons et des liens, noms qui contiennent le texte affiché, contrastes de couleurs, structure des titres et des régions, attributs ARIA, langue de la page, titre de la page). Le test échoue dès qu'une violation critique ou sérieuse apparaît.",
      outcome:
        "Résultat : aucune violation critique ou sérieuse sur les écrans contrôlés, hors les éléments du planning listés dans les contenus non accessibles.",
      manual:
        "Vérifications manuelles : navigation au clavier seul dans les menus, les listes, les formulaires et les fenêtres de dialogue ; retour du focus à son point de départ à la fermeture d'une fenêtre, d'un menu ou d'une notification ; titre propre à chaque écran. La grille du planning est une grille arborescente (treegrid) : en-têtes de colonnes, groupes repliables, un seul arrêt de tabulation et déplacement par les flèches, Début, Fin, Page précédente et Page suivante ; sa structure est vérifiée par un test automatisé de l'arbre d'accessibilité.",
      keyboard:
        "Test automatisé au clavier seul, sans souris : atteindre le diagramme du planning par la touche Tab, y sélectionner une tâche, la déplacer de deux jours ouvrés, la lier à une autre tâche et tout défaire par Ctrl+Z ; une zone d'annonce (aria-live) dit chaque étape en français : la tâche courante (dates, durée, lot, zone, marge, avancement, chemin critique), le déplacement avec les tâches qui suivent et la fin projetée, la sélection, le lien créé, l'annulation.",
      screensTitle: "Écrans contrôlés",
      screens: [
        "Connexion et mot de passe oublié",
        "Liste des projets",
        "Tableau de bord, avancement, indicateurs et tâches recalées",
        "Configuration du projet : général, imports, bibliothèques de tâches, de séquences, de lots et de modèles de contrôles qualité",
        "Édition : zones, séquences, macro-tâches, tâches, lignes de commande, métiers, calendrier, jalons, étiquettes et phases",
        "Planning et planning public",
        "Calendrier qualité, prérequis et finitions",
        "Avancements, effectifs des intervenants et points bloquants",
        "Suivi financier, productivité, suivi des approvisionnements, reste à faire et suivi des effectifs",
        "Utilisateurs et paramètres du compte",
        "Cette déclaration d'accessibilité",
      ],
    },
    nonAccessible: {
      title: "Contenus non accessibles",
      intro: "Les contenus suivants ne sont pas encore conformes :",
      items: [
        "Le diagramme de Gantt du planning est dessiné dans un canevas : son équivalent textuel est la « Vue tableau » de la barre d'outils (chaque tâche avec ses dates, ses liens, son caractère critique et son avancement, et la légende : aujourd'hui, fin projetée, jours fériés). Le diagramme lui-même ne se lit pas avec un lecteur d'écran (RGAA 1.1 et 1.3).",
      ],
      derogations: "Dérogations pour charge disproportionnée : aucune.",
      exempt: "Contenus non soumis à l'obligation d'accessibilité : aucun.",
    },
    establishment: {
      title: "Établissement de cette déclaration",
      date: "Cette déclaration a été établie le 28/11/2026 et mise à jour le 07/12/2026.",
      technologiesTitle: "Technologies utilisées pour la réalisation de l'application",
      technologies: ["HTML5", "CSS", "JavaScript (React, Fluent UI)", "WAI-ARIA", "SVG", "Canvas"],
      environmentTitle: "Environnement de test",
      environment: [
        "Navigateur Chromium (Debian), piloté par Playwright",
        "axe-core, règles WCAG 2.0 et 2.1 niveaux A et AA",
        "Clavier seul, sans souris",
      ],
    },
    contact: {
      title: "Retour d'information et contact",
      body: "Si vous n'arrivez pas à accéder à un contenu ou à un service de Jalon, contactez l'administrateur de Jalon de votre organisation pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme. Décrivez l'écran concerné, ce que vous cherchiez à faire et l'aide technique que vous utilisez (lecteur d'écran, loupe, clavier seul…).",
    },
    remedies: {
      title: "Voies de recours",
      body: "Si vous avez signalé à l'équipe de Jalon un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un service, et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez :",
      items: [
        "écrire un message au Défenseur des droits (formulaire en ligne : https://formulaire.defenseurdesdroits.fr/) ;",
        "contacter le délégué du Défenseur des droits dans votre région (https://www.defenseurdesdroits.fr/saisir/delegues) ;",
        "envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.",
      ],
    },
    back: "Retour",
  },
};
