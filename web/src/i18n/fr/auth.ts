export const auth = {
  login: {
    title: "Connexion",
    subtitle: "Planification et pilotage de vos chantiers",
    email: "Adresse e-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    forgot: "Mot de passe oublié ?",
  },
  forgot: {
    title: "Mot de passe oublié",
    help: "Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: "Adresse e-mail",
    submit: "Envoyer",
    backToLogin: "Retour à la connexion",
  },
  reset: {
    title: "Nouveau mot de passe",
    password: "Nouveau mot de passe",
    confirmation: "Confirmation du mot de passe",
    submit: "Définir le mot de passe",
    mismatch: "Les mots de passe ne sont pas identiques",
    backToLogin: "Retour à la connexion",
  },
  user: {
    reset_email_sent: "Un e-mail de réinitialisation vous a été envoyé.",
    reset_validation: "Votre mot de passe a été modifié. Vous pouvez vous connecter.",
  },
  session: {
    connect: "Connexion",
    settings: "Paramètres",
    logout: "Déconnexion",
    users: "Utilisateurs",
    menu: "Menu utilisateur",
  },
};
