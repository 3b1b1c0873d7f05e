// The index of the decision records (docs/decisions/README.md), made from the records themselves:
// each one's number and title (its first line), date and status (its `*Date:* ... · *Status:* ...` line).
// `node scripts/decision-index.mjs` fails when the index is out of date or a record lacks a date or a
// status; `--write` rewrites the index.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../docs/decisions/', import.meta.url);
const indexFile = new URL('README.md', dir);

const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const title = /^# (\d{3}):? (.+)$/m.exec(text);
    const line = /^\*Date:\* (\d{4}-\d{2}-\d{2}) · \*Status:\* (.+)$/m.exec(text);
    if (!title || !line) throw new Error(`${file}: needs a first line '# NNN Title' and a line '*Date:* YYYY-MM-DD · *Status:* ...'`);
    return { file, number: title[1], title: title[2], date: line[1], status: line[2] };
  });

const cell = (s) => s.replaceAll('|', '\\|');
const index = `# Decision records

Why the code is the way it is: one record per decision that shaped it, numbered in the order they
were taken. A record leads with the decision (**In short.** or **Decision.**), then its context, what
was measured and its consequences. A record is not rewritten when the code moves on: a later record
amends or supersedes it, and its status says so. To add one, copy [TEMPLATE.md](TEMPLATE.md) under the
next number and run \`node scripts/decision-index.mjs --write\` (CI checks this index is current).

| No. | Decision | Date | Status |
|---|---|---|---|
${records.map((r) => `| ${r.number} | [${cell(r.title)}](${r.file}) | ${r.date} | ${cell(r.status)} |`).join('\n')}
`;

if (process.argv.includes('--write')) {
  writeFileSync(indexFile, index);
  console.log(`docs/decisions/README.md: ${records.length} records`);
} else {
  const current = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
  if (current !== index) {
    console.error('docs/decisions/README.md is out of date: run node scripts/decision-index.mjs --write');
    process.exit(1);
  }
  console.log(`docs/decisions/README.md lists all ${records.length} records`);
}
