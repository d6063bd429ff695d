#!/usr/bin/env node
// drs-client: the command line of the Document Review Service API v1 (see client/README.md).
import { run } from './run.ts';

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
