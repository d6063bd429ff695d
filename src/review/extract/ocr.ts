import { spawn } from 'node:child_process';

const available = new Map<string, Promise<boolean>>();

/** Whether tesseract (the binary `bin`) with Russian data is installed; checked once per process (it is optional). */
export function ocrAvailable(bin: string): Promise<boolean> {
  let known = available.get(bin);
  if (known) return known;
  known = new Promise<boolean>((resolve) => {
    const p = spawn(bin, ['--list-langs'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    p.stderr.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    p.on('error', () => resolve(false));
    p.on('close', (code) => resolve(code === 0 && /^rus$/m.test(out)));
  });
  available.set(bin, known);
  return known;
}

/** Recognises one image (PNG/JPEG path) with tesseract rus+eng; rejects on failure or timeout. */
export function recognise(bin: string, imagePath: string, timeoutMs: number): Promise<string> {
  return tesseract(bin, [imagePath, '-', '-l', 'rus+eng'], timeoutMs);
}

/** A word tesseract found, with its box in the image's pixels and the line it put it on. */
export interface RecognisedWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** 0–100. */
  confidence: number;
  block: number;
  paragraph: number;
  line: number;
}

/** The words of tesseract's TSV output (level 5 rows: level, page, block, paragraph, line, word, box, confidence, text). */
export function parseTsvWords(tsv: string): RecognisedWord[] {
  const out: RecognisedWord[] = [];
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    if (!text) continue;
    const [block, paragraph, line, , left, top, width, height, confidence] = f.slice(2, 11).map(Number) as number[];
    out.push({ text, left: left!, top: top!, width: width!, height: height!, confidence: confidence!, block: block!, paragraph: paragraph!, line: line! });
  }
  return out;
}

/**
 * The words of an image with their places, in the languages given («rus», «rus+eng»): sparse text (page segmentation
 * 11), as a title block's cells stand apart and each holds a few words of its own.
 */
export async function recogniseWords(bin: string, imagePath: string, languages: string, timeoutMs: number): Promise<RecognisedWord[]> {
  return parseTsvWords(await tesseract(bin, [imagePath, '-', '-l', languages, '--psm', '11', 'tsv'], timeoutMs));
}

function tesseract(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const p = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // one thread per recognition: the machine is shared and pages are read one at a time anyway
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const chunks: string[] = [];
    let err = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), Math.max(1000, timeoutMs));
    p.stdout.setEncoding('utf8').on('data', (d: string) => chunks.push(d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 2000) err += d;
    });
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(chunks.join(''));
      else reject(new Error(signal ? 'распознавание прервано по времени' : `tesseract: ${err.trim().split('\n').pop() ?? code}`));
    });
  });
}
