import { readFileSync } from 'node:fs';

/** What is running: the release version, the commit it was built from (when known) and Node's version. */
export interface BuildInfo {
  version: string;
  commit: string | undefined;
  node: string;
}

// Written into the bundle by scripts/build.mjs (esbuild `define`); absent when running from source.
declare const __TOOLSHED_BUILD__: { version: string; commit: string | undefined } | undefined;

function fromSource(): { version: string; commit: undefined } {
  // Running from source (tests, `npm run dev`): the workspace root's package.json, read once.
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return { version: manifest.version ?? 'unknown', commit: undefined };
  } catch {
    return { version: 'unknown', commit: undefined };
  }
}

const built = typeof __TOOLSHED_BUILD__ === 'undefined' ? fromSource() : __TOOLSHED_BUILD__;

/**
 * The build's identity, never asked of git at run time: the commit comes from the build (scripts/
 * build.mjs records TOOLSHED_COMMIT or the checkout's HEAD) or from TOOLSHED_COMMIT at start.
 */
export function buildInfo(commit: string | undefined = undefined): BuildInfo {
  return { version: built.version, commit: commit ?? built.commit, node: process.version };
}
