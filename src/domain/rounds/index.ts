export * from './names.ts';
export * from './state.ts';
export * from './generate.ts';
export * from './edit.ts';
export * from './heats.ts';
export * from './lifecycle.ts';
export * from './formats.ts';
export * from './standing.ts';
