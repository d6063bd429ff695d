/**
 * pdfkit wraps a word wider than its line by trying ever shorter prefixes, which takes quadratic time and
 * memory in the word's length (a 20 KB address without spaces blocked a process for a minute). Words
 * longer than MAX_UNBROKEN characters get an invisible break opportunity (zero-width space) every
 * MAX_UNBROKEN characters before pdfkit sees them; text extraction does not show it.
 */
export const MAX_UNBROKEN = 30;
const ZWSP = '\u200B';
const LONG_WORD = new RegExp(`[^\\s\\u200B]{${MAX_UNBROKEN + 1},}`, 'gu');

export function breakLongWords(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    const chars = [...word];
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += MAX_UNBROKEN) pieces.push(chars.slice(i, i + MAX_UNBROKEN).join(''));
    return pieces.join(ZWSP);
  });
}
