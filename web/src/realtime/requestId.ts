// Which live events this tab caused: every write it sends names itself (REQUEST_ID_HEADER, "<tab id>:<n>") and
// the server echoes that id in the events the write caused (RealtimePayload.requestId). The tab already applied
// the write's answer, so its own broadcast is not applied twice and gives no second toast.
import { REQUEST_ID_HEADER } from "@jalon/shared/realtime";

export { REQUEST_ID_HEADER };

function randomTabId(): string {
  // crypto.getRandomValues exists outside secure contexts too (randomUUID does not, e.g. http on a LAN address).
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const TAB_ID = randomTabId();
let counter = 0;

export function nextRequestId(): string {
  counter += 1;
  return `${TAB_ID}:${counter}`;
}

/** Whether a live event's request id is one of this tab's requests. */
export function isOwnRequest(requestId: string | undefined): boolean {
  return typeof requestId === "string" && requestId.startsWith(`${TAB_ID}:`);
}
