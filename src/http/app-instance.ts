import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** The Fastify instance of the API with TypeBox schemas as its type provider. */
// biome-ignore lint/suspicious/noExplicitAny: server, request, reply and logger types vary (HTTP server, tests' inject); only the provider is fixed
export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;
