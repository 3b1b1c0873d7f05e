import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../categories.ts';
import { SYNONYM_GROUPS } from './synonym-groups.ts';

/** Words a search leaves out: a term holding one could never be matched as the phrase it is. */
const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'on', 'off', 'up', 'down', 'in', 'out', 'into', 'to', 'for', 'from', 'with',
  'by', 'at', 'over', 'under', 'about', 'no', 'not', 'all', 'any', 'own', 'can', 'will', 'just', 'than', 'too', 'very', 's', 't',
]); // prettier-ignore

/** A term as the lookup compares it, roughly: spaces dropped and a plural 's' or 'es' off each word. */
const looseKey = (term: string) =>
  term
    .split(' ')
    .map((w) => (w.length > 3 ? w.replace(/(?:es|s)$/, '') : w))
    .join('');

const groupOf = (term: string) => SYNONYM_GROUPS.find((g) => g.terms.includes(term));

describe('SYNONYM_GROUPS', () => {
  it('has at least 160 groups', () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(160);
  });

  it('has at least 5 groups in every category, and no other category', () => {
    const ids = new Set<string>(CATEGORIES.map((c) => c.id));
    for (const group of SYNONYM_GROUPS) expect(ids.has(group.category), group.category).toBe(true);
    for (const { id } of CATEGORIES) {
      expect(SYNONYM_GROUPS.filter((g) => g.category === id).length, id).toBeGreaterThanOrEqual(5);
    }
  });

  it('writes every term in lower case: letters and digits, single spaces, at least two letters', () => {
    for (const term of SYNONYM_GROUPS.flatMap((g) => g.terms)) {
      expect(term, term).toMatch(/^[a-z0-9]+(?: [a-z0-9]+)*$/);
      expect((term.match(/[a-z]/g) ?? []).length, term).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps stop words out of terms', () => {
    for (const term of SYNONYM_GROUPS.flatMap((g) => g.terms)) {
      for (const word of term.split(' ')) expect(STOP_WORDS.has(word), `${term}: '${word}'`).toBe(false);
    }
  });

  it('gives each group two or more distinct terms', () => {
    for (const group of SYNONYM_GROUPS) {
      expect(group.terms.length, group.terms.join(', ')).toBeGreaterThanOrEqual(2);
      expect(new Set(group.terms).size, group.terms.join(', ')).toBe(group.terms.length);
    }
  });

  it('puts no term in two groups, even spaced or in the plural otherwise', () => {
    const owner = new Map<string, number>();
    SYNONYM_GROUPS.forEach((group, index) => {
      for (const term of group.terms) {
        const key = looseKey(term);
        const other = owner.get(key);
        if (other !== undefined && other !== index) {
          expect.fail(`'${term}' is also in the group of '${SYNONYM_GROUPS[other]!.terms[0]}'`);
        }
        owner.set(key, index);
      }
    });
  });

  it.each([
    [['hoover', 'vacuum', 'vacuum cleaner']],
    [['strimmer', 'string trimmer', 'line trimmer', 'grass trimmer']],
    [['jet wash', 'jet washer', 'power washer', 'pressure washer']],
    [['rotovator', 'rotavator', 'tiller', 'cultivator']],
    [['marquee', 'gazebo']],
    [['sack truck', 'sacktruck', 'hand truck', 'sack barrow']],
    [['cool box', 'coolbox', 'cooler', 'cool bag']],
    [['chop saw', 'mitre saw']],
    [['kango', 'breaker', 'jackhammer', 'demolition hammer']],
    [['lawnmower', 'lawn mower', 'mower']],
    [['spanner', 'wrench']],
    [['hosepipe', 'hose']],
    [['wheelbarrow', 'barrow']],
    [['hedge trimmer', 'hedge cutter']],
    [['leaf blower', 'leafblower']],
    [['chainsaw', 'chain saw']],
    [['carpet cleaner', 'carpet shampooer', 'rug doctor']],
    [['wallpaper steamer', 'wallpaper stripper']],
    [['sds drill', 'hammer drill']],
    [['scaffold tower', 'access tower']],
    [['bbq', 'barbecue']],
    [['trestle table', 'folding table']],
    [['pa system', 'sound system']],
    [['microphone', 'mic']],
    [['furniture dolly', 'moving dolly', 'furniture skate']],
    [['roof box', 'roofbox']],
    [['bike rack', 'bike carrier']],
    [['paddleboard', 'paddle board', 'sup']],
    [['kayak', 'canoe']],
    [['wetsuit', 'wet suit']],
    [['keyboard', 'digital piano']],
  ])('has %j in one group', (terms) => {
    const group = groupOf(terms[0]!);
    expect(group, terms[0]).toBeDefined();
    for (const term of terms) expect(group!.terms, term).toContain(term);
  });

  // A broad word grouped with a narrow one would make every item with the broad word answer the narrow search.
  it.each([
    ['saw', 'chop saw'],
    ['saw', 'mitre saw'],
    ['drill', 'sds drill'],
    ['drill', 'hammer drill'],
    ['drill', 'cordless drill'],
    ['table', 'trestle table'],
    ['tent', 'party tent'],
    ['tent', 'family tent'],
    ['trimmer', 'hedge trimmer'],
    ['hedge trimmer', 'strimmer'],
    ['vacuum', 'window vac'],
    ['vacuum', 'wet vac'],
    ['speaker', 'pa speaker'],
    ['camera', 'mirrorless camera'],
    ['bike', 'electric bike'],
    ['ladder', 'step ladder'],
    ['cool box', 'electric cool box'],
    ['sack truck', 'stair climber'],
    ['amp', 'guitar amp'],
  ])("keeps '%s' apart from '%s'", (broad, narrow) => {
    const group = groupOf(narrow);
    expect(group === undefined || !group.terms.includes(broad)).toBe(true);
  });
});
