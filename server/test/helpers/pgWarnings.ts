import { afterAll } from "vitest";

// pg queues a query sent on a client that is still running one and warns once per process; pg 9 refuses it. A
// transaction is one client, so such a query means reads run at once inside a transaction (use db/readAll.ts).
// The warning fails the file it appears in, so the pattern cannot come back unseen.
const seen: string[] = [];
process.on("warning", (w) => {
  if (w.message.includes("already executing a query")) seen.push(w.stack ?? w.message);
});

afterAll(() => {
  if (seen.length > 0) throw new Error(`Concurrent queries on one pg client (a transaction):\n${seen.join("\n")}`);
});
