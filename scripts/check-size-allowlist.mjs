// Keeps scripts/size-allowlist.mjs shrinking: fails while an entry's ceiling is higher than its file
// or its longest function needs, or names a file that is no longer there. (eslint.config.js fails
// when a listed file grows past its ceiling, and when any other file passes the limits.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { LONG_FILES, LONG_FUNCTIONS } from './size-allowlist.mjs';
import { MAX_FILE_LINES, MAX_FUNCTION_LINES } from './size-limits.mjs';

const root = new URL('..', import.meta.url).pathname;
const listed = [...new Set([...Object.keys(LONG_FILES), ...Object.keys(LONG_FUNCTIONS)])];
const missing = listed.filter((file) => !existsSync(`${root}${file}`));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
});

/** The measured size of each listed file and its longest function, where over the limit. */
const measured = { files: {}, functions: {} };
for (const result of await eslint.lintFiles(listed.filter((file) => !missing.includes(file)))) {
  const file = result.filePath.slice(root.length);
  for (const message of result.messages) {
    const lines = Number(/\((\d+)\)/.exec(message.message)?.[1]);
    if (message.ruleId === 'max-lines') measured.files[file] = lines;
    if (message.ruleId === 'max-lines-per-function') measured.functions[file] = Math.max(measured.functions[file] ?? 0, lines);
  }
}

const problems = missing.map((file) => `${file}: no such file; delete its entry`);
for (const [list, ceilings, sizes] of [
  ['LONG_FILES', LONG_FILES, measured.files],
  ['LONG_FUNCTIONS', LONG_FUNCTIONS, measured.functions],
]) {
  for (const [file, ceiling] of Object.entries(ceilings)) {
    if (missing.includes(file)) continue;
    const size = sizes[file];
    if (size === undefined) problems.push(`${list}['${file}']: now within the limit; delete the entry`);
    else if (size < ceiling) problems.push(`${list}['${file}']: ${ceiling} can be lowered to ${size}`);
  }
}
// `--tighten` writes what the messages ask: lowers each ceiling to its size and deletes the entries
// no longer needed. It never adds an entry.
if (problems.length > 0 && process.argv.includes('--tighten')) {
  const file = new URL('size-allowlist.mjs', import.meta.url);
  let list = 'LONG_FILES';
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('export const LONG_FUNCTIONS')) list = 'LONG_FUNCTIONS';
      const entry = /^ {2}'([^']+)': (\d+),$/.exec(line);
      if (!entry) return [line];
      const size = (list === 'LONG_FILES' ? measured.files : measured.functions)[entry[1]];
      return size === undefined ? [] : [`  '${entry[1]}': ${Math.min(size, Number(entry[2]))},`];
    });
  writeFileSync(file, lines.join('\n'));
  console.log('scripts/size-allowlist.mjs tightened.');
} else if (problems.length > 0) {
  console.error(`scripts/size-allowlist.mjs only shrinks:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  console.error('(node scripts/check-size-allowlist.mjs --tighten writes these.)');
  process.exit(1);
} else {
  console.log(
    `Size allowlist: ${Object.keys(LONG_FILES).length} long files, ${Object.keys(LONG_FUNCTIONS).length} files with long functions, each at its ceiling.`,
  );
}
