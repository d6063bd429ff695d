/**
 * JSON bodies are decoded strictly: invalid UTF-8 is refused with 422 instead of being replaced by U+FFFD
 * (which would store something the client never sent). Parsing itself stays Fastify's (with its
 * __proto__ / constructor poisoning protection).
 */
import type { App } from './app-instance.ts';
import { errors } from '../kernel/errors.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function useStrictJsonParser(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(errors.notUtf8(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
