// Import the module you need (`@pippitch/shared/calculator`, …); this barrel only re-exports the small,
// dependency-free ones so the web bundle does not pull decimal.js into every chunk.
export * from './access';
