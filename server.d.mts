// server.mjs is plain JavaScript (Node runs it without a build step); it exports nothing.
export {};
