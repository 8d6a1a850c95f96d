import type { Middleware } from "koa";
import { ZodError } from "zod";
import { AppError, isErrorCode } from "@jalon/shared";
import type { Logger } from "../lib/log.js";
import { ClientAborted } from "./body.js";
import { fromEngineError } from "../planning/engineErrors.js";
import { fromPgError } from "./pgErrors.js";

/** Turns zod issues into the details of an errors.validation answer. */
export function zodToAppError(e: ZodError): AppError {
  const issues = e.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
  // A refinement may name a catalogue code as its message (errors.no_project, errors.compare_max_versions...).
  const coded = e.issues.find((i) => isErrorCode(i.message));
  if (coded && isErrorCode(coded.message)) return new AppError(coded.message, { details: issues });
  return new AppError("errors.validation", { details: issues });
}

/** First in the chain: every error becomes `{code, message, details?}` with its catalogue status. */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError("errors.route_not_found", { message: `Route inconnue : ${ctx.method} ${ctx.path}` });
      }
    } catch (e) {
      let err: AppError;
      if (e instanceof ClientAborted) {
        // The client left mid-request: nothing to answer, nothing the server did wrong.
        log.debug("Requête interrompue par le client", { method: ctx.method, path: ctx.path });
        err = new AppError("errors.validation", { message: "Requête interrompue." });
      } else if (e instanceof AppError) err = e;
      // An engine error that no route converted (a date out of the engine's range...) is still the request's.
      else if (fromEngineError(e) instanceof AppError) err = fromEngineError(e) as AppError;
      else if (e instanceof ZodError) err = zodToAppError(e);
      else {
        const mapped = fromPgError(e);
        if (mapped) err = mapped;
        else {
          const status = (e as { status?: unknown })?.status;
          if (typeof status === "number" && status === 413) err = new AppError("errors.payload_too_large");
          else if (typeof status === "number" && status >= 400 && status < 500)
            err = new AppError("errors.validation", { message: String((e as Error).message) });
          else {
            log.error("Unhandled error", {
              method: ctx.method,
              path: ctx.path,
              error: (e as Error)?.stack ?? String(e),
            });
            err = new AppError("errors.default");
          }
        }
      }
      ctx.status = err.status;
      ctx.body = err.toBody();
      if (err.status === 429 && err.details && typeof err.details === "object" && "retryAfter" in err.details) {
        ctx.set("Retry-After", String((err.details as { retryAfter: number }).retryAfter));
      }
    }
  };
}
