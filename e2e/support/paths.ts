import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDistDir = path.join(repoRoot, 'apps/web/dist');

/** The journeys test the built app exactly as it ships, so they never build it themselves. */
export function assertWebBuilt(): void {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(
      `The web app is not built (apps/web/dist/index.html is missing). Run \`npm run build\` at the repository root, then run the journeys again.`,
    );
  }
}
