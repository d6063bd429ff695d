#!/usr/bin/env node
// Operator CLI entry: runs the TypeScript sources through tsx's loader so there is no build step to drift.
import { register } from 'tsx/esm/api';
register();
await import('../src/main.ts');
