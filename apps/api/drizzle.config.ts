import path from 'node:path';
import { defineConfig } from 'drizzle-kit';

// Paths from the working directory, wherever drizzle-kit is run: `npm run db:generate -w apps/api`
// (in apps/api) or `npx drizzle-kit generate --config apps/api/drizzle.config.ts` (at the root).
const here = path.relative(process.cwd(), __dirname) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here}/src/db/schema.ts`,
  out: `${here}/src/db/migrations`,
});
