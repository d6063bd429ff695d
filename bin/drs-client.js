#!/usr/bin/env node
// drs-client from a checkout of the service (`npx drs-client …` after the root `npm install`): the client's
// command line (client/), run from its TypeScript sources through tsx, a dev dependency of the root, so it is
// always the checkout's current code. An install without dev dependencies runs client/dist/ if it was built
// (`npm run build` in client/). The published client package has its own bin (client/package.json).
import { existsSync } from 'node:fs';

const canRunSources = (() => {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
})();

if (canRunSources) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../client/src/cli/main.ts');
} else if (existsSync(new URL('../client/dist/cli/main.js', import.meta.url))) {
  await import('../client/dist/cli/main.js');
} else {
  console.error('drs-client: neither tsx (npm install with dev dependencies) nor client/dist/ (npm run build in client/) is available');
  process.exitCode = 1;
}
