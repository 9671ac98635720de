// The kitchen print agent (issue 21, decision 080): a restaurant runs it on a PC beside a station's
// network receipt printer.
//
//   SOFRA_URL=https://… PRINT_TOKEN=spd_… PRINTER=192.168.1.50:9100 npm run print-agent
//
// It connects out to Sofra with a print device's token (made in manager mode, POST
// /api/print-devices), prints the station's tickets the server says it has not printed (GET
// /api/print-devices/me/tickets), then follows the station's live stream
// (/api/print-devices/me/events, Last-Event-ID kept in a state file) and prints each new ticket as
// ESC/POS over raw TCP (port 9100), then acknowledges it (POST /api/print-devices/me/printed).
// Documents a cashier sends it (the adisyon, a payment's receipt: decision 089) go the same way:
// listed by GET /api/print-devices/me/documents until acknowledged, announced on the stream
// (`document.requested`), printed as the server laid them out, journaled, acknowledged.
//
// Exactly once: the server lists a ticket until this device acknowledges it, and an
// acknowledgement is stored once per device and ticket. Between printing and acknowledging, the
// ticket's id is written to a local journal (the state file) that is read before printing: an
// agent that died after printing acknowledges it on restart without printing it again. The one
// window left is a crash after the printer took the bytes and before the journal was written
// (milliseconds): that ticket prints twice. A ticket is never lost: nothing is acknowledged before
// the printer has taken it.
import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ReceiptPrinterEncoderOptions } from "@point-of-sale/receipt-printer-encoder";
import { DOCUMENT_KIND_LABELS, type PrintDocumentDto } from "~/modules/kitchen/print-documents";
import type { TicketDto } from "~/modules/kitchen/tickets";
import { numberedTableLabel } from "~/modules/tables/labels";
import { encodeDocument, encodeTicket } from "./lib/ticket-escpos.ts";

export interface AgentConfig {
  /** Sofra's address, e.g. https://sofra.example (no trailing slash needed). */
  url: string;
  token: string;
  printer: { host: string; port: number };
  /** The state file: the stream's last event id and the journal of printed, unacknowledged tickets. */
  statePath: string;
  columns: number;
  printerModel?: ReceiptPrinterEncoderOptions["printerModel"];
  /** How often the unprinted list is read even without an event (a safety net). */
  pollMs: number;
  /** A stream silent for this long is taken as dead and reopened (the server sends a heartbeat every ≤ 25 s). */
  idleMs: number;
  log: (message: string) => void;
}

/** The device was deleted or the token is wrong: retrying cannot help. */
export class AgentAuthError extends Error {}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const missing = ["SOFRA_URL", "PRINT_TOKEN", "PRINTER"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Eksik ortam değişkeni: ${missing.join(", ")}`);
  const [host, port = "9100"] = env.PRINTER!.split(/:(?=\d+$)/);
  if (!host || !/^\d+$/.test(port)) throw new Error("PRINTER host:port biçiminde olmalıdır (ör. 192.168.1.50:9100).");
  const token = env.PRINT_TOKEN!.trim();
  // One state file per device by default, so two agents in one folder do not share a journal.
  const deviceKey = createHash("sha256").update(token).digest("hex").slice(0, 12);
  return {
    url: env.SOFRA_URL!.replace(/\/+$/, ""),
    token,
    printer: { host, port: Number(port) },
    statePath: env.PRINT_AGENT_STATE || path.join(".data", `print-agent-${deviceKey}.json`),
    columns: Number(env.PRINTER_COLUMNS || 48),
    printerModel: (env.PRINTER_MODEL || undefined) as AgentConfig["printerModel"],
    pollMs: Number(env.PRINT_AGENT_POLL_MS || 60_000),
    idleMs: Number(env.PRINT_AGENT_IDLE_MS || 70_000),
    log: (message) => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`),
  };
}

// ---------------------------------------------------------------------------------------------
// The state file

interface AgentState {
  lastEventId: number | null;
  /** Tickets printed and not yet acknowledged (normally empty; an entry survives only a crash or an outage). */
  journal: { id: number; at: string }[];
  /** The same for documents (decision 089): their ids are another sequence than tickets'. */
  documents: { id: number; at: string }[];
}

const journalOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((e): e is { id: number; at: string } => Number.isSafeInteger(e?.id)) : [];

class StateFile {
  state: AgentState = { lastEventId: null, journal: [], documents: [] };
  private writes = Promise.resolve();

  constructor(private readonly file: string) {}

  async load() {
    try {
      const parsed = JSON.parse(await readFile(this.file, "utf8")) as Partial<AgentState>;
      this.state = {
        lastEventId: typeof parsed.lastEventId === "number" ? parsed.lastEventId : null,
        journal: journalOf(parsed.journal),
        // A state file from before documents has none.
        documents: journalOf(parsed.documents),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  journaled = (ticketId: number) => this.state.journal.some((e) => e.id === ticketId);
  documentJournaled = (documentId: number) => this.state.documents.some((e) => e.id === documentId);

  /** Written to a temporary file, flushed to disk and renamed: a crash leaves the old file or the new one. */
  save(): Promise<void> {
    const text = JSON.stringify(this.state);
    this.writes = this.writes.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      const handle = await open(tmp, "w");
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, this.file);
    });
    return this.writes;
  }
}

// ---------------------------------------------------------------------------------------------
// The printer

/**
 * Sends one job on a connection of its own (a network printer serves one at a time). Done when
 * every byte was handed over and the connection closed without an error (or stayed quiet for a
 * moment after our end: some printers keep it open). A refused or reset connection is an error:
 * the ticket is neither journaled nor acknowledged, and printed on the next try.
 */
export function sendToPrinter(printer: { host: string; port: number }, bytes: Uint8Array, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    let grace: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: printer.host, port: printer.port });
    socket.setTimeout(timeoutMs, () => finish(new Error("yazıcı yanıt vermiyor (zaman aşımı)")));
    socket.on("error", (error) => finish(error));
    socket.on("data", () => undefined); // status bytes some printers send back
    socket.on("connect", () => {
      socket.end(bytes, () => {
        grace = setTimeout(() => finish(), 1_000);
      });
    });
    socket.on("close", (hadError) => {
      if (!hadError && grace) finish();
      else if (!hadError) finish(new Error("yazıcı bağlantıyı kapattı"));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The agent

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** 1 s, 2 s, 4 s … up to 30 s, with a little jitter so a restaurant's agents do not reconnect in step. */
const backoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5)) * (0.8 + Math.random() * 0.4);

/** One line for the log: fetch's "fetch failed" says why in its cause (ECONNREFUSED …). */
const short = (error: unknown) =>
  error instanceof Error
    ? error.message === "fetch failed" && error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);

interface UnprintedAnswer {
  auto_print: boolean;
  time_zone: string;
  station: { id: number; name: string };
  tickets: TicketDto[];
  more: boolean;
}

class PrintAgent {
  private readonly stateFile: StateFile;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private autoPrintOffLogged = false;
  /** Aborts on the caller's signal, or when the token is refused (nothing more can work then). */
  private readonly halt = new AbortController();
  private readonly signal = this.halt.signal;
  private fatal: AgentAuthError | null = null;

  constructor(
    private readonly config: AgentConfig,
    outer: AbortSignal,
  ) {
    this.stateFile = new StateFile(config.statePath);
    if (outer.aborted) this.halt.abort();
    else outer.addEventListener("abort", () => this.halt.abort(), { once: true });
  }

  private async call(pathname: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.config.url}${pathname}`, {
      ...init,
      headers: { authorization: `Bearer ${this.config.token}`, accept: "application/json", ...init.headers },
      // Not the agent's signal: a shutdown lets the ticket in hand finish (print, then acknowledge).
      signal: init.signal ?? AbortSignal.timeout(15_000),
    });
    if (response.status === 401) throw new AgentAuthError("Cihaz anahtarı geçersiz ya da cihaz silinmiş (401).");
    return response;
  }

  async run(): Promise<void> {
    await this.stateFile.load();
    const me = await this.retrying("Sofra'ya bağlanılamadı", async () => {
      const response = await this.call("/api/print-devices/me");
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as { name: string; station: { name: string } };
    });
    if (!me) return;
    const { host, port } = this.config.printer;
    this.config.log(`Yazıcı ajanı: ${me.name} · istasyon ${me.station.name} · yazıcı ${host}:${port}`);
    this.requestSync();
    const poll = setInterval(() => this.requestSync(), this.config.pollMs);
    try {
      await this.followStream();
    } catch (error) {
      if (error instanceof AgentAuthError) this.fatal ??= error;
      else throw error;
    } finally {
      clearInterval(poll);
      // The ticket in hand is finished (printed and acknowledged, or journaled) before the agent stops.
      while (this.syncing) await this.syncing;
    }
    if (this.fatal) throw this.fatal;
  }

  /** Runs `fn` until it succeeds, backing off; an auth failure ends the agent. Undefined when stopped. */
  private async retrying<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 0; !this.signal.aborted; attempt++) {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof AgentAuthError) throw error;
        const wait = backoff(attempt);
        this.config.log(`${what}: ${short(error)}; ${Math.round(wait / 1000)} sn sonra yeniden denenecek.`);
        await sleep(wait, this.signal);
      }
    }
    return undefined;
  }

  // -- Catching up: the server's unprinted list decides what is printed.

  requestSync() {
    if (this.signal.aborted) return;
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          await this.retrying("Fişler yazdırılamadı", () => this.printUnprinted());
        } while (this.syncAgain && !this.signal.aborted);
      } catch (error) {
        if (error instanceof AgentAuthError) {
          this.fatal = error;
          this.halt.abort();
        } else this.config.log(`Beklenmeyen hata: ${short(error)}`);
      } finally {
        this.syncing = null;
      }
    })();
  }

  /** Prints every ticket, then every document, the server lists as unprinted, oldest first, one after another. */
  private async printUnprinted(): Promise<void> {
    await this.printTickets();
    await this.printDocuments();
  }

  private async printTickets(): Promise<void> {
    for (;;) {
      const response = await this.call("/api/print-devices/me/tickets");
      if (!response.ok) throw new Error(`HTTP ${response.status} (fiş listesi)`);
      const answer = (await response.json()) as UnprintedAnswer;
      if (!answer.auto_print) {
        if (!this.autoPrintOffLogged) this.config.log("Otomatik yazdırma kapalı (Ayarlar → Siparişleri otomatik yazdır): bekleniyor.");
        this.autoPrintOffLogged = true;
        return;
      }
      this.autoPrintOffLogged = false;
      for (const ticket of answer.tickets) {
        if (this.signal.aborted) return;
        await this.printOnce(ticket, answer.time_zone);
      }
      if (!answer.more || answer.tickets.length === 0) return;
    }
  }

  private async printOnce(ticket: TicketDto, timeZone: string) {
    const state = this.stateFile.state;
    if (!this.stateFile.journaled(ticket.id)) {
      await sendToPrinter(
        this.config.printer,
        encodeTicket(ticket, { timeZone, columns: this.config.columns, printerModel: this.config.printerModel }),
      );
      state.journal.push({ id: ticket.id, at: new Date().toISOString() });
      await this.stateFile.save();
      const label = numberedTableLabel({ number: ticket.table_number, display_name: ticket.table_label });
      this.config.log(`Fiş #${ticket.id} yazdırıldı: ${label}${ticket.kind === "addition" ? " · EK" : ""}, ${ticket.items.length} satır.`);
    } else {
      this.config.log(`Fiş #${ticket.id} daha önce yazdırılmış (günlükte): yalnızca onaylanıyor.`);
    }
    const response = await this.call("/api/print-devices/me/printed", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ticket_id: ticket.id }),
    });
    // 404: the ticket is gone (its order was deleted): nothing is left to acknowledge.
    if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status} (onay)`);
    state.journal = state.journal.filter((e) => e.id !== ticket.id);
    await this.stateFile.save();
  }

  /** The documents sent to this device (decision 089): printed whatever "otomatik yazdır" says, since someone asked. */
  private async printDocuments(): Promise<void> {
    for (;;) {
      if (this.signal.aborted) return;
      const response = await this.call("/api/print-devices/me/documents");
      if (!response.ok) throw new Error(`HTTP ${response.status} (belge listesi)`);
      const answer = (await response.json()) as { documents: PrintDocumentDto[]; more: boolean };
      for (const doc of answer.documents) {
        if (this.signal.aborted) return;
        await this.printDocumentOnce(doc);
      }
      if (!answer.more || answer.documents.length === 0) return;
    }
  }

  /** As printOnce: print, journal, acknowledge, forget; a journaled document is only acknowledged. */
  private async printDocumentOnce(doc: PrintDocumentDto) {
    const state = this.stateFile.state;
    const name = `${DOCUMENT_KIND_LABELS[doc.kind] ?? "Belge"} #${doc.id}`;
    if (!this.stateFile.documentJournaled(doc.id)) {
      await sendToPrinter(
        this.config.printer,
        encodeDocument(doc, { columns: this.config.columns, printerModel: this.config.printerModel }),
      );
      state.documents.push({ id: doc.id, at: new Date().toISOString() });
      await this.stateFile.save();
      this.config.log(`${name} yazdırıldı (${doc.requested_by} istedi), ${doc.lines.length} satır.`);
    } else {
      this.config.log(`${name} daha önce yazdırılmış (günlükte): yalnızca onaylanıyor.`);
    }
    const response = await this.call("/api/print-devices/me/printed", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ document_id: doc.id }),
    });
    // 404: the document is no longer there: nothing is left to acknowledge.
    if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status} (onay)`);
    state.documents = state.documents.filter((e) => e.id !== doc.id);
    await this.stateFile.save();
  }

  // -- Following the live stream: it only says when to look again.

  private async followStream() {
    for (let attempt = 0; !this.signal.aborted; attempt++) {
      try {
        const connected = await this.readStream();
        if (connected) attempt = 0;
        if (!this.signal.aborted) this.config.log("Canlı akış kapandı; yeniden bağlanılıyor.");
      } catch (error) {
        if (error instanceof AgentAuthError) throw error;
        if (this.signal.aborted) break;
        this.config.log(`Canlı akış: ${short(error)}`);
      }
      await sleep(backoff(attempt), this.signal);
    }
  }

  /** One connection to the stream, until it ends. True when it got as far as `ready`. */
  private async readStream(): Promise<boolean> {
    const controller = new AbortController();
    const stop = () => controller.abort();
    this.signal.addEventListener("abort", stop, { once: true });
    let idle: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, this.config.idleMs);
    };
    let connected = false;
    try {
      watch();
      const lastEventId = this.stateFile.state.lastEventId;
      const response = await this.call("/api/print-devices/me/events", {
        headers: { accept: "text/event-stream", ...(lastEventId !== null ? { "last-event-id": String(lastEventId) } : {}) },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const decoder = new TextDecoder();
      let buffer = "";
      const reader = response.body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        watch();
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (await this.onEvent(block)) connected = true;
        }
      }
    } catch (error) {
      if (this.signal.aborted) return connected;
      // The watchdog fired: the stream went silent.
      if (controller.signal.aborted) throw new Error("akış sessiz kaldı", { cause: error });
      throw error;
    } finally {
      clearTimeout(idle);
      this.signal.removeEventListener("abort", stop);
    }
    return connected;
  }

  /** Handles one Server-Sent Events block; true for `ready`. */
  private async onEvent(block: string): Promise<boolean> {
    let id: string | null = null;
    let type = "message";
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") type = value;
    }
    if (id !== null && /^\d+$/.test(id) && Number(id) !== this.stateFile.state.lastEventId) {
      this.stateFile.state.lastEventId = Number(id);
      await this.stateFile.save();
    }
    if (type === "ready") {
      this.config.log("Canlı akışa bağlandı.");
      // Whatever happened while the stream was away: the unprinted list has it.
      this.requestSync();
      return true;
    }
    if (type === "ticket.created" || type === "document.requested" || type === "reset") this.requestSync();
    return false;
  }
}

/** Runs the agent until `signal` aborts (resolves) or its token is refused (rejects with AgentAuthError). */
export async function runPrintAgent(config: AgentConfig, signal: AbortSignal): Promise<void> {
  await new PrintAgent(config, signal).run();
}

async function main() {
  let config: AgentConfig;
  try {
    config = configFromEnv();
  } catch (error) {
    console.error(short(error));
    console.error("Kullanım: SOFRA_URL=https://… PRINT_TOKEN=spd_… PRINTER=192.168.1.50:9100 npm run print-agent");
    process.exit(64);
  }
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    config.log(`${signal}: elimdeki fiş bitince duruyorum.`);
    controller.abort();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    await runPrintAgent(config, controller.signal);
    config.log("Durdu.");
  } catch (error) {
    console.error(short(error));
    process.exit(error instanceof AgentAuthError ? 2 : 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
