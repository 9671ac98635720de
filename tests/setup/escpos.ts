// Reading back what the print agent sends a printer (decision 080): a fake network printer on
// 127.0.0.1 that keeps every job's bytes, and a decoder of the ESC/POS the ticket layout uses
// (its commands stripped, GS V shown as [CUT], text in code page 857).
import net from "node:net";

/** Code page 857 above 0x7F, for the letters and signs a ticket uses. */
const CP857: Record<number, string> = {
  0x80: "Ç",
  0x81: "ü",
  0x87: "ç",
  0x8d: "ı",
  0x94: "ö",
  0x98: "İ",
  0x99: "Ö",
  0x9a: "Ü",
  0x9e: "Ş",
  0x9f: "ş",
  0xa6: "Ğ",
  0xa7: "ğ",
  0xc4: "─",
  0xe8: "×",
  0xfa: "·",
};

/** Bytes each command takes after its first byte (ESC, FS, GS), by its second byte. */
const ESC_ARGS: Record<number, number> = { 0x40: 0, 0x45: 1, 0x74: 1, 0x4d: 1, 0x61: 1, 0x2d: 1, 0x64: 1, 0x4a: 1, 0x33: 1, 0x32: 0 };
const GS_ARGS: Record<number, number> = { 0x21: 1, 0x42: 1 };

/** The text of ESC/POS bytes: commands dropped, a cut as "[CUT]", letters through code page 857. */
export function escposText(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const next = bytes[i + 1]!;
    if (b === 0x1b) {
      i += 1 + (ESC_ARGS[next] ?? 1);
    } else if (b === 0x1c) {
      i += 1; // FS . (leave the Chinese/Kanji mode)
    } else if (b === 0x1d) {
      if (next === 0x56) {
        out += "[CUT]";
        i += bytes[i + 2]! >= 65 ? 3 : 2;
      } else i += 1 + (GS_ARGS[next] ?? 1);
    } else if (b === 0x0a) out += "\n";
    else if (b < 0x20) continue;
    else if (b < 0x80) out += String.fromCharCode(b);
    else out += CP857[b] ?? "?";
  }
  return out;
}

/** A network receipt printer on 127.0.0.1: each connection is a job, kept when the agent ends it. */
export class FakePrinter {
  readonly jobs: Buffer[] = [];
  port = 0;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  /** Listens on `port` (0: any free one; the same one again after stop() to bring it back). */
  async start(port = this.port): Promise<void> {
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("end", () => {
        this.jobs.push(Buffer.concat(chunks));
        socket.end();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** The printer goes away: connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get text(): string {
    return this.jobs.map((job) => escposText(job)).join("");
  }

  get bytes(): Buffer {
    return Buffer.concat(this.jobs);
  }
}

/** How many times `needle` occurs in `text`. */
export const occurrences = (text: string, needle: string) => text.split(needle).length - 1;
