export * from './months';
export * from './descriptions';
