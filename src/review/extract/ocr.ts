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
  return new Promise<string>((resolve, reject) => {
    const p = spawn(bin, [imagePath, '-', '-l', 'rus+eng'], {
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
