// Writes src/routeTree.gen.ts from src/routes (tsr.config.json), as `vite build` does through the router plugin —
// with the plugin's own generator (@tanstack/router-generator, pinned to the version the plugin depends on), so
// the type check, the build and the dev server all generate the tree with one generator over one router core.
// It replaces `tsr generate` (@tanstack/router-cli), whose release line carries its own generator and core.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = new URL('..', import.meta.url).pathname;
await new Generator({ config: getConfig({}, root), root }).run();
