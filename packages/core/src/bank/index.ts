export * from './bank-account.ts';
export { passesModulusCheck } from './modulus-check.ts';
