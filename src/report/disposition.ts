/** Content-Disposition for downloads: an ASCII fallback name and the exact UTF-8 name (RFC 6266, RFC 5987). */

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** «report-…-КР.pdf» → «report-…-KR.pdf»: Russian letters transliterated, anything else outside [A-Za-z0-9._-] → «_». */
export function asciiFileName(name: string): string {
  const out = [...name]
    .map((c) => {
      const t = TRANSLIT[c.toLowerCase()];
      if (t === undefined) return /[A-Za-z0-9._-]/.test(c) ? c : '_';
      return c === c.toLowerCase() ? t : t.toUpperCase();
    })
    .join('');
  return out || 'report';
}

/** Percent-encoding of RFC 5987 ext-value: everything but attr-char is encoded. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
