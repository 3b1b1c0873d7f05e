/**
 * Words, on PostgreSQL's own text search (decision 025). A search's plan (core `planSearch`: each
 * word a clause, met by the words as typed, a word form, the last word as a prefix, a synonym or a
 * corrected slip) is rendered here into `tsquery`s over `items.search_document` (migration 0056: the
 * English stems of the name and description weighted A and B, their words as written C and D), and
 * the plan's questions about the vocabulary into one read of `search_vocabulary`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowCount } from './page-sql.ts';
import {
  CLAUSE_POINTS,
  clausesNeeded,
  isPrefix,
  KIND_POINTS,
  NAME_POINTS,
  slipsAllowed,
  type Alternative,
  type MatchKind,
  type SearchClause,
  type SearchPlan,
  type VocabularyAnswer,
} from '@toolshed/core/search';

/** Candidate spellings read per word from each of the vocabulary's two indexes, before core filters them by slips. */
const NEAR_CANDIDATES = 60;

/**
 * One statement answering what the plan asks of the vocabulary (`vocabularyQuestion`): for each word,
 * whether some listed text has it (as written or by its stem), whether it begins a longer word, and
 * near spellings (a trigram match, or the same first two letters and a length within the slips
 * allowed) for words long enough to carry a slip that no listed text has (the plan corrects only those). Its text is the same for every search (the words
 * are one JSON parameter), so it runs prepared: parsed and planned once per connection.
 */
export function vocabularyQuery(words: readonly string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const asked = words.map((word) => {
    const letters = [...word];
    const slips = slipsAllowed(word);
    return { word, slips, first: letters.slice(0, 2).join(''), length: letters.length };
  });
  // Prefixes as ranges in byte order (the text_pattern_ops index), since a pattern that is a
  // parameter cannot be planned as a range: [word, word + U+10FFFF).
  return sql`select q.word, k.known,
      exists (select 1 from search_vocabulary v where v.word ~>~ q.word and v.word ~<~ (q.word || ${MAX_CHARACTER})) as begins,
      case when q.slips > 0 and not k.known then (select json_agg(json_build_object('word', c.word, 'items', c.items)) from (
          (select v.word, v.items from search_vocabulary v where v.word % q.word limit ${rowCount(NEAR_CANDIDATES)})
          union
          (select v.word, v.items from search_vocabulary v where v.word ~>=~ q.first and v.word ~<~ (q.first || ${MAX_CHARACTER})
             and length(v.word) between q.length - q.slips and q.length + q.slips limit ${rowCount(NEAR_CANDIDATES)})) c)
      end as near
    from json_to_recordset(${JSON.stringify(asked)}::json) as q(word text, slips int, first text, length int),
      lateral (select exists (select 1 from search_vocabulary v where v.word = q.word)
        or exists (select 1 from search_vocabulary v where v.stem = search_stem_of(q.word)) as known) k`;
}

/** The last code point: every word that begins with a prefix sorts before the prefix followed by it. */
const MAX_CHARACTER = String.fromCodePoint(0x10ffff);

export interface VocabularyRow {
  word: string;
  known: boolean;
  begins: boolean;
  near: { word: string; items: number }[] | string | null;
}

export function toVocabularyAnswer(rows: readonly VocabularyRow[]): VocabularyAnswer {
  const known = new Set<string>();
  const begins = new Set<string>();
  const nearSpellings = new Map<string, { word: string; items: number }[]>();
  for (const row of rows) {
    if (row.known) known.add(row.word);
    if (row.begins) begins.add(row.word);
    const near = typeof row.near === 'string' ? (JSON.parse(row.near) as VocabularyRow['near']) : row.near;
    if (Array.isArray(near) && near.length > 0) nearSpellings.set(row.word, near);
  }
  return { known, begins, nearSpellings };
}

/** Which text search configuration reads an alternative's words: as written (typed, a prefix), or by their English stems. */
const configOf = (a: Alternative) => (a.kind === 'typed' || isPrefix(a) ? 'simple' : 'english');

/**
 * An alternative as `tsquery` text: its words as a phrase (`<->`), each limited to `weights` (name
 * 'C'/'A', description 'D'/'B', or any), a prefix marked `:*`. The words come from core's `wordsOf`
 * (letters and digits only), so no operator or quote can reach the query.
 */
function queryText(alternative: Alternative, field: 'name' | 'description' | 'any'): string {
  const simple = configOf(alternative) === 'simple';
  const weight = field === 'any' ? '' : field === 'name' ? (simple ? 'C' : 'A') : simple ? 'D' : 'B';
  const prefix = isPrefix(alternative) ? '*' : '';
  const marks = prefix || weight ? `:${prefix}${weight}` : '';
  // Typed words as a phrase; other words all in the field, in any order (core `alternativeIn`).
  const joined = alternative.words.map((w) => `${w}${marks}`).join(alternative.kind === 'typed' ? ' <-> ' : ' & ');
  return alternative.words.length > 1 ? `(${joined})` : joined;
}

/** The alternatives of `kinds` in one `tsquery` (or null when there are none). */
function tsquery(alternatives: readonly Alternative[], field: 'name' | 'description' | 'any'): SQL | null {
  const parts: SQL[] = [];
  for (const config of ['english', 'simple'] as const) {
    const texts = [...new Set(alternatives.filter((a) => configOf(a) === config).map((a) => queryText(a, field)))];
    if (texts.length > 0) parts.push(sql`to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${texts.join(' | ')})`);
  }
  return parts.length === 0 ? null : sql.join(parts, sql` || `);
}

/**
 * A `tsquery` built once per statement rather than once per row: as a subquery of its own (an
 * InitPlan), which a prepared statement's generic plan, whose words are parameters, cannot fold.
 */
const once = (query: SQL): SQL => sql`(select ${query})`;

/** Whether the document `alias`.search_document meets a clause: any of its alternatives anywhere. */
function clauseQuery(clause: SearchClause): SQL {
  // The words as typed are also their own form (the English reading of the same words), which the
  // name's and description's stems answer: only the other kinds need a query of their own.
  return tsquery(
    clause.alternatives.filter((a) => a.kind !== 'typed'),
    'any',
  )!;
}

const KINDS: readonly MatchKind[] = ['typed', 'form', 'prefix', 'synonym', 'slip'];

/**
 * The points a clause earns in document `doc` (core `clausePoints`, plus CLAUSE_POINTS when met): its
 * best kind in the name, else in the description. One test of the whole name first, so a match in
 * the description only is not tried against each kind in the name (half the tests of a common word).
 */
function clauseScore(clause: SearchClause, doc: SQL): SQL {
  const inField = (field: 'name' | 'description'): SQL => {
    const cases: SQL[] = [];
    for (const kind of KINDS) {
      const query = tsquery(
        clause.alternatives.filter((a) => a.kind === kind),
        field,
      );
      if (query === null) continue;
      const points = CLAUSE_POINTS + KIND_POINTS[kind] + (field === 'name' ? NAME_POINTS : 0);
      cases.push(sql`when ${doc} @@ ${once(query)} then ${sql.raw(String(points))}`);
    }
    return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
  };
  const inName = tsquery(clause.alternatives, 'name')!;
  return sql`(case when ${doc} @@ ${once(inName)} then ${inField('name')} else ${inField('description')} end)`;
}

export interface RenderedSearch {
  /** The condition on `alias`.search_document that the GIN index (migration 0056) answers: enough clauses met (`clausesNeeded`). */
  match: SQL;
  /** How well the item answers (core `matchScore`): an integer, higher is better. */
  score: SQL;
}

/** A plan with at least one clause, rendered for the items row `alias`. */
export function renderSearch(plan: SearchPlan, alias = 'i'): RenderedSearch {
  const doc = sql.raw(`${alias}.search_document`);
  return {
    match: sql`${doc} @@ ${once(matchTsquery(plan))}`,
    score: sql.join(
      plan.clauses.map((c) => clauseScore(c, doc)),
      sql` + `,
    ),
  };
}

/**
 * The `tsquery` an item's search document must meet to answer a plan with at least one clause:
 * enough of its clauses (`clausesNeeded`), each by any of its alternatives. Saved searches keep it
 * to match new listings as browsing would find them.
 */
export function matchTsquery(plan: SearchPlan): SQL {
  if (plan.clauses.length === 0) throw new Error('A search with no words has nothing to render');
  const queries = plan.clauses.map(clauseQuery);
  const needed = clausesNeeded(plan.clauses.length);
  let combined: SQL;
  if (needed === queries.length) {
    combined = sql.join(
      queries.map((q) => sql`(${q})`),
      sql` && `,
    );
  } else if (needed === 1) {
    combined = sql.join(
      queries.map((q) => sql`(${q})`),
      sql` || `,
    );
  } else {
    // Every clause but one, for each clause left out.
    const leaveOneOut = queries.map(
      (_, out) =>
        sql`(${sql.join(
          queries.filter((_, k) => k !== out).map((q) => sql`(${q})`),
          sql` && `,
        )})`,
    );
    combined = sql.join(leaveOneOut, sql` || `);
  }
  return combined;
}
