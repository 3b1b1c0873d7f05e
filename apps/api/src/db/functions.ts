import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database's functions and triggers as they are now: one file per function (`name.sql`) or
 * trigger (`name.trigger.sql`) in functions/, applied after the migrations on every migrate, in one
 * transaction, functions before triggers. A change to one is an edit of its file, seen whole in
 * review, instead of a migration restating it; each is CREATE OR REPLACE, so it can run again; what
 * stops being defined here is dropped by a migration. Read from disk at run time, next to the bundle
 * (scripts/build.mjs copies the folder). Migrations keep tables and indexes.
 */
export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

const isTrigger = (file: string) => file.endsWith('.trigger.sql');

/** The files of `folder`, functions first, each group in name order. */
export async function functionFiles(folder = functionsFolder): Promise<string[]> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
  return [...files.filter((f) => !isTrigger(f)), ...files.filter(isTrigger)];
}

/** Each file's statement, in the order they are applied. */
export async function functionStatements(folder = functionsFolder): Promise<string[]> {
  const files = await functionFiles(folder);
  return Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')));
}

/** Runs every function's and trigger's statement with `runAll`, which runs them in order in one transaction. */
export async function applyFunctions(runAll: (statements: readonly string[]) => Promise<void>): Promise<void> {
  await runAll(await functionStatements());
}
