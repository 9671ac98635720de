// How `npm start` starts the app server: package.json's "start" script, `[NAME=value …] node [flag …]
// server.mjs`. The benchmarks start their servers from it, so that they measure the process as it
// runs in service (its heap limit and malloc settings: decision 092, docs/scaling.md "Memory").
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./env-file.ts";

export interface StartCommand {
  /** The variables the script sets before `node`. */
  env: Record<string, string>;
  /** node's own flags, before server.mjs. */
  nodeArgs: string[];
}

/** Reads a start script of the form above; anything else (a shell construct, another file) throws. */
export function parseStartScript(script: string): StartCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length; at++) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=([^\s'"$`;&|<>]*)$/.exec(words[at]!);
    if (!assignment) break;
    env[assignment[1]!] = assignment[2]!;
  }
  const nodeArgs = words.slice(at + 1, -1);
  const plain = nodeArgs.every((arg) => /^--[a-z0-9-]+(=[^\s'"$`;&|<>]+)?$/.test(arg));
  if (words[at] !== "node" || words.at(-1) !== "server.mjs" || words.length < at + 2 || !plain) {
    throw new Error(`package.json's start script is not \`[NAME=value …] node [--flag …] server.mjs\`: ${script}`);
  }
  return { env, nodeArgs };
}

/** `npm start`'s environment and node flags, from package.json. */
export function startCommand(): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts?: { start?: string } };
  return parseStartScript(pkg.scripts?.start ?? "");
}
