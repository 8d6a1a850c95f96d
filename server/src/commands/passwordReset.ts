import type { Knex } from "knex";
import { AppError, RESET_TOKEN_TTL_MINUTES } from "@jalon/shared";
import { hashPassword } from "../auth/passwords.js";
import { randomToken, sha256 } from "../auth/tokens.js";

/**
 * Forgotten password: a single-use token (only its hash is stored) valid one hour, earlier unused tokens
 * spent, and the mail in the outbox (there is no mail server), in the caller's transaction. Answers the link
 * and address to log once committed, or null when no user has this address (the request answers the same).
 */
export async function requestPasswordReset(
  trx: Knex.Transaction,
  publicUrl: string,
  email: string,
): Promise<{ email: string; link: string } | null> {
  const user = await trx("users").select("id", "email").whereRaw("lower(email) = lower(?)", [email]).first();
  if (!user) return null;
  const token = randomToken();
  await trx("password_reset_tokens").where({ user_id: user.id }).whereNull("used_at").update({ used_at: trx.fn.now() });
  await trx("password_reset_tokens").insert({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: trx.raw(`now() + interval '${RESET_TOKEN_TTL_MINUTES} minutes'`),
  });
  const link = `${publicUrl}/reset-password/${token}`;
  await trx("mail_outbox").insert({
    to_email: user.email,
    kind: "reset_password",
    subject: "Jalon : réinitialisation de votre mot de passe",
    body: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${RESET_TOKEN_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  });
  return { email: user.email as string, link };
}

/** Spends a reset token and sets the new password: reset_link_invalid (unknown or used), reset_link_expired. */
export async function resetPassword(trx: Knex.Transaction, token: string, password: string): Promise<void> {
  const row = await trx("password_reset_tokens")
    .where({ token_hash: sha256(token) })
    .forUpdate()
    .first("id", "user_id", "used_at", trx.raw("expires_at < now() AS expired"));
  if (!row || row.used_at) throw new AppError("reset_link_invalid");
  if (row.expired) throw new AppError("reset_link_expired");
  await trx("users")
    .where({ id: row.user_id })
    .update({ password_hash: await hashPassword(password), updated_at: trx.fn.now() });
  await trx("password_reset_tokens").where({ id: row.id }).update({ used_at: trx.fn.now() });
}
