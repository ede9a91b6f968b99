/**
 * Commands on registrations, one concern a file: a couple registers (register.ts: public while open,
 * or at the desk), changes their events (changeEntries.ts), the organizer records payment or team
 * (updateRegistration.ts) or imports a file of couples (importRegistrations.ts); rules.ts holds what
 * the entry rules read and how a refusal answers.
 */
export { register } from './register.ts';
export { changeEntries } from './changeEntries.ts';
export { updateRegistration } from './updateRegistration.ts';
export { importRegistrations } from './importRegistrations.ts';
