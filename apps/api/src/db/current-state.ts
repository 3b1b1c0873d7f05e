import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Functions and triggers kept as they are now, one file per owner (current-state/*.sql), applied
 * after the migrations on every migrate, in one transaction: a change to a trigger is an edit of its
 * file, seen whole in review, instead of a migration restating it. Each statement must be safe to
 * run again (CREATE OR REPLACE); what a file stops defining is dropped by a migration. Read from disk
 * at run time, next to the bundle (scripts/build.mjs copies the folder).
 */
const currentStateFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'current-state');

/** The statements of every current-state file, in the files' order, each file split at its breakpoints. */
export async function currentStateStatements(folder = currentStateFolder): Promise<string[]> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
  const statements: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(folder, file), 'utf8');
    statements.push(...text.split('--> statement-breakpoint').filter((s) => s.replace(/--[^\n]*/g, '').trim() !== ''));
  }
  return statements;
}

/** Runs every current-state statement with `runAll`, which runs them in order in one transaction. */
export async function applyCurrentState(runAll: (statements: readonly string[]) => Promise<void>): Promise<void> {
  await runAll(await currentStateStatements());
}
