export { loginBody, forgotPasswordBody, resetPasswordBody } from "@jalon/shared";
