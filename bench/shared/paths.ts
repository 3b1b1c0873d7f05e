import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

/** Writes a result file under bench/results and returns its path relative to the repository. */
export async function writeResult(name: string, content: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  await writeFile(file, content.endsWith('\n') ? content : `${content}\n`);
  return path.relative(REPO_ROOT, file);
}
