/** iul.file_mismatch: an ИУЛ that certifies another copy of its volume's file (another checksum, another size, or both). */
import type { DefectImpl } from './impl.ts';

export const iulMismatch: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    b.withIul = true;
    b.iulHooks.push((entries) => {
      const e = rng.pick(entries);
      // an ИУЛ is drawn in Word as often as in CAD
      if (d.format === 'docx') {
        e.format = 'docx';
        e.name = e.name.replace(/\.pdf$/, '.docx');
      }
      const before = { checksum: e.checksum, size: e.size };
      // one hex digit changed: the CRC32 of an edition signed before the last change
      if (v % 3 !== 1) {
        const i = rng.int(0, 7);
        const digit = (parseInt(e.checksum[i]!, 16) + rng.int(1, 15)) % 16;
        e.checksum = e.checksum.slice(0, i) + digit.toString(16).toUpperCase() + e.checksum.slice(i + 1);
      }
      // another size of five digits at least: a shorter number on the ИУЛ is read as a year or a count of sheets
      if (v % 3 !== 0) {
        const down = rng.pick([-1, 1]) < 0 && e.size - 120 >= 10_000;
        e.size += down ? -rng.int(120, Math.min(40_000, e.size - 10_000)) : rng.int(120, 40_000);
      }
      b.planted.push({
        kind: 'iul.file_mismatch',
        docName: e.name,
        page: 1,
        detail: `ИУЛ: CRC32 ${e.checksum} (у файла ${before.checksum}), размер ${e.size} (у файла ${before.size})`,
      });
    });
  },
};
