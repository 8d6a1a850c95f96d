// The two addresses every layer may send a user to: the project list (home) and the sign-in page.
export const PROJECTS_PATH = "/dashboard/projects";
export const LOGIN_PATH = "/login";
