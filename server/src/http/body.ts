import type { Middleware } from "koa";
import { AppError } from "@jalon/shared";

declare module "koa" {
  interface Request {
    body?: unknown;
  }
}

async function readRaw(req: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new AppError("errors.payload_too_large");
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses JSON bodies (and multipart/form-data through the WHATWG FormData parser of Node, files as File
 * objects). Bad JSON is errors.invalid_json, an oversized body errors.payload_too_large.
 */
export function bodyParser(limit: number): Middleware {
  return async (ctx, next) => {
    if (["POST", "PUT", "PATCH", "DELETE"].includes(ctx.method)) {
      const length = Number(ctx.get("content-length") || 0);
      if (length > limit) throw new AppError("errors.payload_too_large");
      const type = ctx.get("content-type");
      if (type.startsWith("multipart/form-data")) {
        const raw = await readRaw(ctx.req, limit);
        let form: FormData;
        try {
          form = await new Request("http://local/", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
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
          try {
            ctx.request.body = JSON.parse(text);
          } catch {
            throw new AppError("errors.invalid_json");
          }
        } else {
          throw new AppError("errors.validation", { message: `Type de contenu non pris en charge : ${type}` });
        }
      }
    }
    await next();
  };
}
