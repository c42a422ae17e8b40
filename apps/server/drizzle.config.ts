import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table lives in the schema file of the module that owns it (decision 0159).
  schema: ['./apps/server/src/modules/**/*.schema.ts', './apps/server/src/shared/*.schema.ts'],
  out: './apps/server/drizzle',
});
