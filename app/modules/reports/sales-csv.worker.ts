// The sales CSV's worker thread (decision 090), its entry: the thread's priority is lowered before
// anything else is loaded, so that even its start (a V8 isolate, the driver's modules) yields the
// CPU to the event loop answering the waiters' table poll; then the work itself is loaded
// (sales-csv-worker-body.ts). The production build emits this file as
// build/server/workers/sales-csv.js (vite.config.ts).
import { setPriority } from "node:os";

// On Linux a thread has a nice value of its own (setpriority on the calling thread's id);
// elsewhere setPriority(0) would lower the whole process, so it is left alone.
if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed here: the thread runs at the process's priority.
  }
}

await import("./sales-csv-worker-body");
