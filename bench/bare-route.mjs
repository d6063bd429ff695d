// The baseline of bench/api.ts: a bare Fastify route answering GET /runs/:id with the JSON body read from stdin,
// in its own process like the service, so both are measured alike (neither shares a process with autocannon).
// Prints the port it listens on.
import Fastify from 'fastify';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const body = JSON.parse(text);
const app = Fastify();
app.get('/runs/:id', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
