import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { metaRoutes } from './meta.ts';
import { accountRoutes } from './account.ts';
import { runRoutes } from './runs.ts';
import { webhookRoutes } from './webhooks.ts';
import { findingRoutes } from './findings.ts';
import { feedbackRoutes } from './feedback.ts';
import { bundleRoutes } from './bundles.ts';
import { memoryRoutes } from './memory.ts';
import { importRoutes } from './imports.ts';
import { reportRoutes } from './reports.ts';

/** Every route module of the API, registered under /api/v1. One line per resource. */
export const routeModules: ((deps: AppDeps) => FastifyPluginAsyncTypebox)[] = [
  metaRoutes,
  accountRoutes,
  runRoutes,
  webhookRoutes,
  findingRoutes,
  feedbackRoutes,
  bundleRoutes,
  memoryRoutes,
  importRoutes,
  reportRoutes,
];
