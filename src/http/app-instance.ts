import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** The Fastify instance of the API with TypeBox schemas as its type provider. */
export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;
