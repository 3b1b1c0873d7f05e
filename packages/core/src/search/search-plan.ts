/**
 * What a search asks for, worked out once for the API (which renders it into PostgreSQL text search,
 * apps/api catalogue `word-search-sql.ts`) and for Mock Data (`matchText`, in memory): each word of
 * the search becomes a clause, and a clause is met by any of its alternatives, each of a kind that
 * ranks it: the words as typed, a word form (the same stem), the last word as a prefix, a name people
 * use for the same thing (synonym-groups.ts) or a corrected typing slip. Compounds are read both ways
 * ('lawnmower' <-> 'lawn mower') when the catalogue has the parts or the whole.
 */
import { isStopWord, MAX_SEARCH_CLAUSES, slipDistance, slipsAllowed, stemOf, wordsOf } from './search-words.ts';
import { synonymsOf, LONGEST_SYNONYM } from './synonyms.ts';

export type MatchKind = 'typed' | 'form' | 'prefix' | 'synonym' | 'slip';

/** Points a clause earns for its best alternative, by kind; a match in the item's name earns NAME_POINTS more. */
export const KIND_POINTS: Readonly<Record<MatchKind, number>> = { typed: 5, form: 4, prefix: 3, synonym: 2, slip: 1 };
export const NAME_POINTS = 10;
/** Points per clause met: an item that meets every clause ranks before one that meets fewer, whatever the kinds. */
export const CLAUSE_POINTS = 100;

/**
 * One way to meet a clause: its words, each matched by stem except for 'typed' and 'prefix' (as
 * written). Several words: as a phrase when typed, else all of them in the same field in any order
 * ('wet dry vacuum' meets 'Wet and Dry Vacuum'). `prefix`: the (last) word begins a word of the text.
 */
export interface Alternative {
  kind: MatchKind;
  words: readonly string[];
  prefix?: boolean;
}

/** True when an alternative's words begin words of the text rather than being whole words. */
export const isPrefix = (a: Alternative) => a.kind === 'prefix' || a.prefix === true;

export interface SearchClause {
  /** The words of the search this clause stands for. */
  typed: readonly string[];
  alternatives: readonly Alternative[];
}

export interface SearchPlan {
  clauses: readonly SearchClause[];
  /** When a word was read as another spelling: the search as it was understood ('pressure washer'). */
  corrected?: string;
}

/** What the catalogue's vocabulary says about the words a search asks about (`vocabularyQuestion`). */
export interface VocabularyAnswer {
  /** The words asked about that some item has, as written or in another form of the same stem. */
  known: ReadonlySet<string>;
  /** The words asked about that begin some item's word. */
  begins: ReadonlySet<string>;
  /** Candidate spellings of the words asked about, with the number of items using each; filtered here by `slipDistance`. */
  nearSpellings: ReadonlyMap<string, readonly { word: string; items: number }[]>;
}

/** How many clauses an item must meet: every one of one or two words' clauses but one... at least one. */
export function clausesNeeded(clauses: number): number {
  return clauses <= 2 ? Math.min(clauses, 1) : clauses - 1;
}

/** The search's words that count: stop words left out, at most MAX_SEARCH_CLAUSES. */
export function searchTerms(search: string | undefined): string[] {
  return wordsOf(search ?? '')
    .filter((w) => !isStopWord(w))
    .slice(0, MAX_SEARCH_CLAUSES);
}

const MIN_PART = 3;

/** The ways to cut a word into two words of 3+ letters ('lawnmower' -> lawn + mower, ...). */
function splitsOf(word: string): [string, string][] {
  const letters = [...word];
  if (letters.length < 2 * MIN_PART || /\p{N}/u.test(word)) return [];
  const out: [string, string][] = [];
  for (let i = MIN_PART; i <= letters.length - MIN_PART; i++) out.push([letters.slice(0, i).join(''), letters.slice(i).join('')]);
  return out;
}

/** The words whose place in the vocabulary a search's plan depends on: its words, neighbours joined, and each word's halves. */
export function vocabularyQuestion(search: string | undefined): string[] {
  const terms = searchTerms(search);
  const asked = new Set(terms);
  for (let i = 0; i + 1 < terms.length; i++) asked.add(terms[i]! + terms[i + 1]!);
  for (const term of terms) for (const [a, b] of splitsOf(term)) asked.add(a).add(b);
  for (const term of terms) asked.add(stemOf(term));
  return [...asked];
}

/**
 * The likeliest word meant by `word`, a slip away in the vocabulary: fewest slips, then the longer
 * (a letter left out is the commonest slip: 'trimer' is 'trimmer' before 'timer'), then the commonest,
 * then alphabetical.
 */
function correctionOf(word: string, answer: VocabularyAnswer): string | undefined {
  const bound = slipsAllowed(word);
  if (bound === 0) return undefined;
  let best: { word: string; slips: number; items: number; length: number } | undefined;
  for (const candidate of answer.nearSpellings.get(word) ?? []) {
    if (candidate.word === word) continue;
    const slips = slipDistance(word, candidate.word, bound);
    if (slips > bound) continue;
    const length = [...candidate.word].length;
    const better =
      !best ||
      slips < best.slips ||
      (slips === best.slips &&
        (length > best.length ||
          (length === best.length && (candidate.items > best.items || (candidate.items === best.items && candidate.word < best.word)))));
    if (better) best = { word: candidate.word, slips, items: candidate.items, length };
  }
  return best?.word;
}

const synonymAlternatives = (terms: readonly (readonly string[])[], kind: MatchKind): Alternative[] =>
  terms.map((words) => ({ kind, words }));

/** How many words from `i` make a name of several words people use, longest first; 0: none. */
function synonymSpanAt(terms: readonly string[], i: number): number {
  for (let span = Math.min(LONGEST_SYNONYM, terms.length - i); span >= 2; span--) {
    if (synonymsOf(terms.slice(i, i + span)).length > 0) return span;
  }
  return 0;
}

/** The clause of such a name: as typed, its forms, the words written as one, and its synonyms. */
function nameClause(typed: string[], answer: VocabularyAnswer): SearchClause {
  const joined = typed.join('');
  return {
    typed,
    alternatives: [
      { kind: 'typed', words: typed },
      { kind: 'form', words: typed },
      ...(answer.known.has(joined) ? [{ kind: 'form' as const, words: [joined] }] : []),
      ...synonymAlternatives(synonymsOf(typed), 'synonym'),
    ],
  };
}

/**
 * The plan of a search, given what the vocabulary says about its words (`vocabularyQuestion`).
 * `asTyped`: no word is read as another spelling (the 'search for what I typed' link).
 */
export function planSearch(search: string | undefined, answer: VocabularyAnswer, asTyped = false): SearchPlan {
  const terms = searchTerms(search);
  const clauses: SearchClause[] = [];
  const understood: string[] = [];
  let corrected = false;
  let i = 0;
  while (i < terms.length) {
    const last = i === terms.length - 1;
    // A name of several words people use ('jet wash', 'sack truck'), longest first.
    const spanned = synonymSpanAt(terms, i);
    if (spanned > 0) {
      const typed = terms.slice(i, i + spanned);
      clauses.push(nameClause(typed, answer));
      understood.push(...typed);
      i += spanned;
      continue;
    }
    const word = terms[i]!;
    const next = terms[i + 1];
    // Two words the catalogue writes as one ('cool box' -> 'coolbox').
    if (next !== undefined && answer.known.has(word + next) && !answer.known.has(word)) {
      const typed = [word, next];
      clauses.push({
        typed,
        alternatives: [
          { kind: 'typed', words: typed },
          { kind: 'form', words: typed },
          { kind: 'form', words: [word + next] },
        ],
      });
      understood.push(...typed);
      i += 2;
      continue;
    }
    const alternatives: Alternative[] = [
      { kind: 'typed', words: [word] },
      { kind: 'form', words: [word] },
    ];
    const synonyms = synonymsOf([word]);
    alternatives.push(...synonymAlternatives(synonyms, 'synonym'));
    let understoodAs = word;
    if (!answer.known.has(word)) {
      // One word the catalogue writes as two ('sacktruck' -> 'sack truck').
      const split = splitsOf(word).find(([a, b]) => answer.known.has(a) && answer.known.has(b));
      if (split) alternatives.push({ kind: 'form', words: split });
      const prefix = last && answer.begins.has(word);
      if (prefix) alternatives.push({ kind: 'prefix', words: [word] });
      // A form whose stem only begins the catalogue's words ('mowing' -> 'mow', which begins 'mower';
      // the English stemmer keeps 'mower' whole): the stem as a prefix, as a word form.
      const stem = stemOf(word);
      const stemBegins = stem !== word && [...stem].length >= MIN_PART && answer.begins.has(stem);
      if (stemBegins) alternatives.push({ kind: 'form', words: [stem], prefix: true });
      if (!split && !prefix && synonyms.length === 0 && !asTyped) {
        const found = correctionOf(word, answer);
        // A stem that only begins words may be a slip of one of them ('dehydrater' -> 'dehydrat',
        // which begins 'dehydrator'): then the word meant is said; another near word is not taken.
        const correction = stemBegins ? (found?.startsWith(stem) ? found : undefined) : found;
        if (correction) {
          alternatives.push({ kind: 'slip', words: [correction] }, ...synonymAlternatives(synonymsOf([correction]), 'slip'));
          understoodAs = correction;
          corrected = true;
        }
      }
    } else if (last && answer.begins.has(word)) {
      alternatives.push({ kind: 'prefix', words: [word] });
    }
    clauses.push({ typed: [word], alternatives });
    understood.push(understoodAs);
    i += 1;
  }
  return corrected ? { clauses, corrected: understood.join(' ') } : { clauses };
}

/** An item's text as the matcher reads it: each field's words in order, as written and as stems. */
export interface MatchableField {
  words: readonly string[];
  stems: readonly string[];
}

export function matchableField(text: string): MatchableField {
  const words = wordsOf(text);
  // Stop words keep their place (as PostgreSQL keeps positions) but never match by stem.
  return { words, stems: words.map((w) => (isStopWord(w) ? '' : stemOf(w))) };
}

function phraseAt(sequence: readonly string[], phrase: readonly string[], matches: (have: string, want: string) => boolean): boolean {
  outer: for (let start = 0; start + phrase.length <= sequence.length; start++) {
    for (let k = 0; k < phrase.length; k++) if (!matches(sequence[start + k]!, phrase[k]!)) continue outer;
    return true;
  }
  return false;
}

function alternativeIn(field: MatchableField, alternative: Alternative): boolean {
  if (isPrefix(alternative)) return phraseAt(field.words, alternative.words, (have, want) => have.startsWith(want));
  if (alternative.kind === 'typed') return phraseAt(field.words, alternative.words, (have, want) => have === want);
  // By stem, every word somewhere in the field.
  return alternative.words.every((w) => {
    const want = isStopWord(w) ? '' : stemOf(w);
    return want !== '' && field.stems.includes(want);
  });
}

/** The points a clause earns in an item (0: not met): its best alternative, in the name or else the description. */
export function clausePoints(clause: SearchClause, name: MatchableField, description: MatchableField): number {
  let best = 0;
  for (const alternative of clause.alternatives) {
    const points = alternativeIn(name, alternative)
      ? NAME_POINTS + KIND_POINTS[alternative.kind]
      : alternativeIn(description, alternative)
        ? KIND_POINTS[alternative.kind]
        : 0;
    best = Math.max(best, points);
  }
  return best;
}

/**
 * How well an item's name and description answer a plan: CLAUSE_POINTS per clause met plus each
 * clause's points, or null when it meets fewer clauses than needed (`clausesNeeded`). The API
 * computes the same score in SQL.
 */
export function matchScore(plan: SearchPlan, name: MatchableField, description: MatchableField): number | null {
  let met = 0;
  let score = 0;
  for (const clause of plan.clauses) {
    const points = clausePoints(clause, name, description);
    if (points > 0) {
      met += 1;
      score += CLAUSE_POINTS + points;
    }
  }
  return met >= clausesNeeded(plan.clauses.length) && met > 0 ? score : null;
}
