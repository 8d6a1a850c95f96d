import type http from "node:http";
import type { Duplex } from "node:stream";
import { ERROR_CATALOGUE } from "@jalon/shared";
import type { Logger } from "../lib/log.js";

/** How long a refused connection is still read (and dropped) before it is closed. */
const LINGER_MS = 5_000;

/**
 * Answers the requests Node's HTTP parser refuses before Koa sees them: an address or headers past
 * maxHeaderSize (431, errors.payload_too_large), a request too slow to arrive (408) or a malformed one (400,
 * errors.validation), with a catalogue JSON body. Node's own answer destroys the socket at once: a client
 * still sending its long address then gets a connection reset instead of the answer. Here the socket is
 * ended and what the client still sends is read and dropped for a few seconds, so the answer reaches it.
 */
export function answerClientErrors(server: http.Server, log: Logger): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (err.code === "ECONNRESET" || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const timedOut = err.code === "ERR_HTTP_REQUEST_TIMEOUT";
    const code = tooLarge ? "errors.payload_too_large" : "errors.validation";
    const message = timedOut ? "La requête n'est pas arrivée à temps." : ERROR_CATALOGUE[code].message;
    const body = JSON.stringify({ code, message });
    const status = tooLarge
      ? "431 Request Header Fields Too Large"
      : timedOut
        ? "408 Request Timeout"
        : "400 Bad Request";
    log.debug("Requête HTTP illisible", { code: err.code });
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.on("close", () => clearTimeout(timer));
    socket.on("error", () => socket.destroy());
    socket.on("data", () => undefined);
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.resume();
  });
}
