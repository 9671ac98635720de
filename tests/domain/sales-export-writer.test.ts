// The sales CSV written to Node's response (decision 097): each page asked of the worker only
// once the one before is taken, gzip pages written as the latin1 strings they came as, the
// trailer before the end; a client that stops reading is cut off after the stall time and a
// client that goes away cancels the export, each once.
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { FromSalesCsvWorker, ToSalesCsvWorker } from "~/modules/reports/sales-csv-protocol";
import { SalesCsvExport, type ExportRun } from "~/modules/reports/sales-export.server";
import type { NodeBody } from "~/utils/node-body.server";

// The pace is the process's (EXPORT_ROWS_PER_SECOND); here as fast as it goes.
process.env.EXPORT_ROWS_PER_SECOND = "10000000";

class FakeRun implements ExportRun {
  posted: ToSalesCsvWorker["type"][] = [];
  cancels = 0;
  constructor(private readonly messages: FromSalesCsvWorker[]) {}
  post(message: ToSalesCsvWorker) {
    this.posted.push(message.type);
  }
  next() {
    const m = this.messages.shift();
    return m ? Promise.resolve(m) : new Promise<FromSalesCsvWorker>(() => undefined);
  }
  cancel() {
    this.cancels++;
  }
}

class FakeResponse extends EventEmitter implements NodeBody {
  written: { chunk: string | Uint8Array; encoding?: BufferEncoding }[] = [];
  ended = false;
  destroyed = false;
  destroyedWith: Error | undefined;
  writableLength = 0;
  /** What write answers: false = the socket's buffer is full. */
  accept = true;
  write(chunk: string | Uint8Array, encoding?: BufferEncoding) {
    this.written.push({ chunk, encoding });
    return this.accept;
  }
  end() {
    this.ended = true;
    this.emit("close");
  }
  destroy(error?: Error) {
    if (this.destroyed) return;
    this.destroyed = true;
    this.destroyedWith = error;
    this.emit("close");
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe("SalesCsvExport.writeTo", () => {
  it("writes gzip pages as latin1 strings, asks for the next only after a drain, ends with the trailer", async () => {
    const run = new FakeRun([
      { type: "chunk", latin1: "\x1f\x8b\x08" },
      { type: "chunk", latin1: "\xff\x00" },
      { type: "end", latin1: "\x01\x02" },
    ]);
    const res = new FakeResponse();
    res.accept = false;
    new SalesCsvExport(run, true).writeTo(res, { stallMs: 10_000 });
    await until(() => res.written.length === 1);
    // The socket is full: no second page is asked for.
    await new Promise((r) => setTimeout(r, 30));
    expect(run.posted).toEqual(["pull"]);
    res.accept = true;
    res.emit("drain");
    await until(() => res.ended);
    expect(res.written).toEqual([
      { chunk: "\x1f\x8b\x08", encoding: "latin1" },
      { chunk: "\xff\x00", encoding: "latin1" },
      { chunk: "\x01\x02", encoding: "latin1" },
    ]);
    expect(run.posted).toEqual(["pull", "pull", "pull"]);
    // The close after the end cancels nothing.
    expect(run.cancels).toBe(0);
  });

  it("writes plain pages as their bytes", async () => {
    const bytes = new TextEncoder().encode("Ödeme;1\r\n");
    const run = new FakeRun([{ type: "chunk", bytes }, { type: "end" }]);
    const res = new FakeResponse();
    new SalesCsvExport(run, false).writeTo(res);
    await until(() => res.ended);
    expect(res.written).toEqual([{ chunk: bytes, encoding: undefined }]);
  });

  it("a client that stops reading is cut off after the stall time, and the export cancelled once", async () => {
    const run = new FakeRun([
      { type: "chunk", latin1: "a" },
      { type: "chunk", latin1: "b" },
    ]);
    const res = new FakeResponse();
    res.accept = false;
    new SalesCsvExport(run, true).writeTo(res, { stallMs: 40 });
    await until(() => res.destroyed);
    expect(run.cancels).toBe(1);
    expect(res.written).toHaveLength(1);
    expect(run.posted).toEqual(["pull"]);
  });

  it("a client that goes away cancels the export once and nothing more is asked", async () => {
    const run = new FakeRun([{ type: "chunk", latin1: "a" }]);
    const res = new FakeResponse();
    new SalesCsvExport(run, true).writeTo(res);
    await until(() => res.written.length === 1);
    res.destroy();
    await new Promise((r) => setTimeout(r, 30));
    expect(run.cancels).toBe(1);
    expect(run.posted).toEqual(["pull", "pull"]);
  });

  it("a client gone before the body began cancels the export at once", async () => {
    const run = new FakeRun([{ type: "chunk", latin1: "a" }]);
    const res = new FakeResponse();
    res.destroy();
    new SalesCsvExport(run, true).writeTo(res);
    await new Promise((r) => setTimeout(r, 30));
    expect(run.cancels).toBe(1);
    expect(run.posted).toEqual([]);
    expect(res.written).toEqual([]);
  });

  it("a worker's error ends the answer unfinished (destroyed, not ended)", async () => {
    const run = new FakeRun([
      { type: "chunk", latin1: "a" },
      { type: "error", message: "boom", errno: 1205 },
    ]);
    const res = new FakeResponse();
    new SalesCsvExport(run, true).writeTo(res);
    await until(() => res.destroyed);
    expect(res.ended).toBe(false);
    expect(res.destroyedWith?.message).toContain("boom");
    expect(run.cancels).toBe(0);
  });
});
