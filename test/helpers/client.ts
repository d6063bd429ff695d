/** A small HTTP client for end-to-end tests: JSON in, {status, headers, json, text, bytes} out. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export interface ApiResponse {
  status: number;
  headers: Headers;
  json: any;
  text: string;
  bytes: Buffer;
}

async function toResponse(r: Response): Promise<ApiResponse> {
  const bytes = Buffer.from(await r.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: any = null;
  if ((r.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: r.status, headers: r.headers, json, text, bytes };
}

export type FilePart = { name: string; content: Buffer | string; field?: string; type?: string };

/** Builds multipart form data: files (field "files" unless given) and text fields. */
export function form(files: FilePart[], fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const f of files) {
    const data = typeof f.content === 'string' ? Buffer.from(f.content) : f.content;
    fd.append(f.field ?? 'files', new Blob([new Uint8Array(data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

export async function filePart(path: string, name = basename(path)): Promise<FilePart> {
  return { name, content: await readFile(path) };
}

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly key: string | null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.key ? { authorization: `Bearer ${this.key}` } : {}), ...extra };
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return toResponse(await fetch(this.baseUrl + path, { headers: this.headers(headers) }));
  }

  async delete(path: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return toResponse(await fetch(this.baseUrl + path, { method: 'DELETE', headers: this.headers(headers) }));
  }

  async post(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const init: RequestInit = { method: 'POST', headers: this.headers(headers) };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return toResponse(await fetch(this.baseUrl + path, init));
  }

  async postForm(path: string, data: FormData, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return toResponse(await fetch(this.baseUrl + path, { method: 'POST', headers: this.headers(headers), body: data }));
  }

  /** Polls GET /runs/{id} until done or failed (bounded), returning the last status. */
  async waitRun(runId: string, timeoutMs = 120_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await this.get(`/runs/${runId}`);
      if (r.status !== 200) throw new Error(`GET /runs/${runId} → ${r.status} ${r.text}`);
      if (r.json.status === 'done' || r.json.status === 'failed') return r.json;
      if (Date.now() > deadline) throw new Error(`run ${runId} still ${r.json.status} (${r.json.stage}) after ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 250));
    }
  }
}

/** Asserts the contract's error envelope and returns detail. */
export function errorDetail(r: ApiResponse): { error: string; message: string; file?: string } {
  if (!r.json?.detail?.error || typeof r.json.detail.message !== 'string') {
    throw new Error(`not an error envelope (status ${r.status}): ${r.text.slice(0, 300)}`);
  }
  return r.json.detail;
}
