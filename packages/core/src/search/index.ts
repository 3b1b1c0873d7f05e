export * from './search-words.ts';
export * from './search-plan.ts';
export * from './vocabulary.ts';
export { synonymsOf } from './synonyms.ts';
export { SYNONYM_GROUPS, type SynonymGroup } from './synonym-groups.ts';
