// The addresses every layer may send a user to: the project list (home), the sign-in page, the accessibility statement.
export const PROJECTS_PATH = "/dashboard/projects";
export const LOGIN_PATH = "/login";
/** The accessibility statement, open to everybody (issue 22). */
export const ACCESSIBILITY_PATH = "/accessibilite";
