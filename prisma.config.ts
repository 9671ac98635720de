import { defineConfig } from "prisma/config";

// DATABASE_URL is read directly (not with env()) so that `prisma generate`
// works during install, before any .env exists.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  datasource: {
    url: process.env.DATABASE_URL ?? "",
  },
});
