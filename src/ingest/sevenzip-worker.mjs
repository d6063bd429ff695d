// Runs 7-Zip (WASM) off the main thread: lists or extracts one 7z/RAR archive. Plain JavaScript on
// purpose, so the worker starts the same way under tsx, `node bin/drs.js` and the test runner.
// Extraction limits are enforced inside the file system layer: every write is counted and the first
// write past a limit fails, which makes 7-Zip stop before the bytes reach the disk.
import { parentPort, workerData } from 'node:worker_threads';
import { basename, dirname } from 'node:path';
import SevenZip from '7z-wasm';

const data = workerData;
const out = [];
const err = [];
const sz = await SevenZip({ print: (s) => out.push(s), printErr: (s) => err.push(s) });
sz.FS.mkdir('/in');
sz.FS.mount(sz.NODEFS, { root: dirname(data.archive) }, '/in');
const archive = `/in/${basename(data.archive)}`;
// A fixed wrong password: never prompt; encrypted entries fail instead of waiting for input.
const common = ['-bso1', '-bse2', '-bsp0', '-sccUTF-8', '-pDRS-NO-PASSWORD'];

function run(args) {
  try {
    return sz.callMain(args);
  } catch (e) {
    if (e && typeof e.status === 'number') return e.status;
    // 7-Zip's C++ exceptions surface as bare numbers (wrong password for encrypted headers, broken data).
    err.push(`7-Zip aborted: ${e?.message ? e.message : String(e)}`);
    return 2;
  }
}

if (data.op === 'list') {
  const code = run(['l', '-slt', '-ba', ...common, archive]);
  parentPort.postMessage({ code, entries: parseSlt(out), stderr: err.join('\n').slice(0, 4000) });
} else {
  sz.FS.mkdir('/out');
  sz.FS.mount(sz.NODEFS, { root: data.outDir }, '/out');
  let written = 0;
  let violation = null;
  const write = sz.NODEFS.stream_ops.write;
  sz.NODEFS.stream_ops.write = function (stream, buffer, offset, length, position) {
    const name = String(stream.path || '').replace(/^\/out\//, '');
    if (!violation) {
      if (data.maxFileBytes > 0 && position + length > data.maxFileBytes) violation = { kind: 'file', name };
      else if (written + length > data.remainingBytes) violation = { kind: 'total', name };
      else if (written + length > data.ratioMinBytes && written + length > data.packedSize * data.maxRatio) violation = { kind: 'ratio', name };
    }
    if (violation) throw new sz.FS.ErrnoError(27);
    written += length;
    return write.call(this, stream, buffer, offset, length, position);
  };
  const code = run(['x', ...common, '-y', '-spd', '-aou', '-o/out', archive, '--', ...data.names]);
  parentPort.postMessage({ code, written, violation, stderr: err.join('\n').slice(0, 4000) });
}

/** `7z l -slt` prints one "Key = Value" block per entry, separated by blank lines. */
function parseSlt(lines) {
  const entries = [];
  let cur = null;
  for (const line of lines.join('\n').split('\n')) {
    const m = /^([A-Za-z ]+?) = (.*)$/.exec(line);
    if (!m) {
      if (line.trim() === '' && cur) {
        entries.push(cur);
        cur = null;
      }
      continue;
    }
    if (m[1] === 'Path') {
      if (cur) entries.push(cur);
      cur = {};
    }
    if (cur) cur[m[1]] = m[2];
  }
  if (cur) entries.push(cur);
  return entries
    .filter((e) => e.Path !== undefined)
    .map((e) => {
      const attrs = e.Attributes || '';
      const unix = attrs.split(' ')[1] || '';
      return {
        path: e.Path,
        size: Number(e.Size) || 0,
        isDir: e.Folder === '+' || /^[A-Z_]*D/.test(attrs) || unix.startsWith('d'),
        isLink: unix.startsWith('l') || (e['Symbolic Link'] !== undefined && e['Symbolic Link'] !== '') || (e.Link !== undefined && e.Link !== ''),
        isSpecial: /^[cbps]/.test(unix),
        encrypted: e.Encrypted === '+',
      };
    });
}
