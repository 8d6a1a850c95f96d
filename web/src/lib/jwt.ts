/** Expiry (ms since epoch) of a JWT, or null when the token carries none or is not a JWT. */
export function tokenExpiry(token: string): number | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const payload = JSON.parse(json) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A token is valid only if its expiry is in the future (spec 000 section 4). Tokens without exp are trusted. */
export function isTokenValid(token: string | null | undefined, now = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp === null || exp > now;
}
