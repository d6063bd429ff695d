/**
 * multipart/form-data written as a stream: each file is opened only when the body reaches it and read in
 * chunks as the connection takes them, so a set of any size is never held in memory.
 */
import { randomBytes } from 'node:crypto';

export interface FieldPart {
  field: string;
  value: string;
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  /** Opens the content anew; called once per body. */
  open: () => AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>;
}

export type Part = FieldPart | FilePart;

const encoder = new TextEncoder();

/** Quoted parameter value as browsers and undici write it (WHATWG HTML): UTF-8, with ", CR and LF escaped. */
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function newBoundary(): string {
  return `----drs-client-${randomBytes(16).toString('hex')}`;
}

function partHeader(boundary: string, part: Part): Uint8Array {
  const lines = [`--${boundary}`];
  if ('filename' in part) {
    lines.push(`Content-Disposition: form-data; name="${quoted(part.field)}"; filename="${quoted(part.filename)}"`);
    lines.push(`Content-Type: ${part.contentType}`);
  } else {
    lines.push(`Content-Disposition: form-data; name="${quoted(part.field)}"`);
  }
  return encoder.encode(`${lines.join('\r\n')}\r\n\r\n`);
}

async function* chunks(parts: Part[], boundary: string): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    yield partHeader(boundary, part);
    if ('filename' in part) {
      for await (const chunk of await part.open()) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    } else {
      yield encoder.encode(part.value);
    }
    yield encoder.encode('\r\n');
  }
  yield encoder.encode(`--${boundary}--\r\n`);
}

/** The body and its Content-Type; the boundary is chosen here, never by the caller (rule 1 of POST /runs). */
export function multipartBody(parts: Part[]): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = newBoundary();
  const source = chunks(parts, boundary);
  const body = new ReadableStream<Uint8Array>(
    {
      // pull: the next chunk is read only when the connection has taken the previous one (backpressure).
      async pull(controller) {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        // Closes the file being read when the request is abandoned.
        await source.return(undefined);
      },
    },
    { highWaterMark: 0 },
  ); // nothing is read ahead of the connection's demand
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
