import { describe, expect, it } from "vitest";
import { parseStartScript, startCommand } from "./start-command.ts";

describe("parseStartScript", () => {
  it("reads the variables and node's flags", () => {
    expect(parseStartScript("MALLOC_ARENA_MAX=2 node --max-old-space-size=256 server.mjs")).toEqual({
      env: { MALLOC_ARENA_MAX: "2" },
      nodeArgs: ["--max-old-space-size=256"],
    });
    expect(parseStartScript("node server.mjs")).toEqual({ env: {}, nodeArgs: [] });
  });

  it("refuses what it cannot repeat exactly", () => {
    for (const script of [
      "tsx server.ts",
      "node server.mjs --port 3",
      "A=$B node server.mjs",
      "node server.mjs && echo",
      "node --x 1 server.mjs",
      "",
    ]) {
      expect(() => parseStartScript(script), script).toThrow(/start script/);
    }
  });

  it("reads package.json's, which sets a heap limit and the malloc arenas (decision 092)", () => {
    const start = startCommand();
    expect(start.env.MALLOC_ARENA_MAX).toBe("2");
    expect(start.nodeArgs.some((arg) => /^--max-old-space-size=\d+$/.test(arg))).toBe(true);
  });
});
