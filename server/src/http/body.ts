import type { IncomingMessage } from "node:http";
import type { Middleware } from "koa";
import { AppError, type ErrorCode } from "@jalon/shared";

declare module "koa" {
  interface Request {
    body?: unknown;
  }
}

/** The request ended before its body did (the client went away): no one reads the answer. */
export class ClientAborted extends Error {
  constructor() {
    super("aborted");
    this.name = "ClientAborted";
  }
}

/**
 * Reads the body, up to `limit` bytes. Past it, the rest is read and dropped rather than the stream destroyed:
 * destroying it resets the connection, and a client that sends its whole body before reading (most do) then
 * gets no answer instead of the 413.
 */
function readRaw(
  req: IncomingMessage,
  limit: number,
  tooLarge: ErrorCode = "errors.payload_too_large",
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) {
        done();
        req.resume(); // keep flowing with no listener: the rest of the body is dropped
        reject(new AppError(tooLarge));
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = () => {
      done();
      reject(new ClientAborted());
    };
    const onClose = () => {
      if (req.complete) return;
      done();
      reject(new ClientAborted());
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** How deep objects and arrays may nest in a JSON body: enough for any request, far from any stack limit. */
export const JSON_MAX_DEPTH = 32;

/**
 * Refuses a JSON text nested deeper than `max`, scanning it before JSON.parse: the parser, zod, knex and
 * PostgreSQL's jsonb all recurse, and a body of a few thousand brackets overflowed one of their stacks.
 */
export function jsonTooDeep(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a parsed body holds a lone UTF-16 surrogate (a `\ud800` escape alone): JSON.parse takes it, but it
 * is no character and PostgreSQL refuses it in jsonb.
 */
function hasLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** JSON text to a value: errors.invalid_json when malformed, too deep or holding a lone surrogate. */
export function parseJsonBody(text: string): unknown {
  if (jsonTooDeep(text)) {
    throw new AppError("errors.invalid_json", {
      message: `Le corps de la requête est imbriqué sur plus de ${JSON_MAX_DEPTH} niveaux.`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("errors.invalid_json");
  }
  if (hasLoneSurrogate(value))
    throw new AppError("errors.invalid_json", {
      message: "Le corps de la requête contient un caractère Unicode invalide.",
    });
  return value;
}

/**
 * Parses JSON bodies (and multipart/form-data through the WHATWG FormData parser of Node, files as File
 * objects). Bad JSON (malformed, deeper than JSON_MAX_DEPTH, a lone surrogate) is errors.invalid_json, an
 * oversized body (JSON or multipart) errors.payload_too_large.
 */
export function bodyParser(
  defaultLimit: number,
  /** Paths that take bigger uploads (the schedule import's 50 MB), with the error their excess answers. */
  uploads: Record<string, { limit: number; code: ErrorCode }> = {},
): Middleware {
  return async (ctx, next) => {
    if (["POST", "PUT", "PATCH", "DELETE"].includes(ctx.method)) {
      const upload = Object.hasOwn(uploads, ctx.path) ? uploads[ctx.path] : undefined;
      const limit = upload?.limit ?? defaultLimit;
      const length = Number(ctx.get("content-length") || 0);
      if (length > limit) {
        ctx.req.resume(); // dropped, not destroyed (see readRaw)
        throw new AppError(upload?.code ?? "errors.payload_too_large");
      }
      const type = ctx.get("content-type");
      if (type.startsWith("multipart/form-data")) {
        const raw = await readRaw(ctx.req, limit, upload?.code);
        let form: FormData;
        try {
          form = await new Request("http://local/", {
            method: "POST",
            headers: { "content-type": type },
            body: raw,
          }).formData();
        } catch {
          throw new AppError("errors.validation", { message: "Formulaire multipart invalide." });
        }
        const out: Record<string, unknown> = {};
        for (const [key, value] of form.entries()) out[key] = value;
        ctx.request.body = out;
      } else {
        const raw = await readRaw(ctx.req, limit);
        const text = raw.toString("utf8");
        if (text.trim() === "") ctx.request.body = undefined;
        else if (type === "" || type.includes("json")) {
          ctx.request.body = parseJsonBody(text);
        } else {
          throw new AppError("errors.validation", { message: `Type de contenu non pris en charge : ${type}` });
        }
      }
    }
    await next();
  };
}
