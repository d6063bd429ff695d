/**
 * Latin letters that look like Cyrillic ones and stand in for them in documents typed on a Latin layout
 * («CНиП», «ГOCT», «AР»): the section classifier of intake and the text normalisation of the review read
 * them as the Cyrillic letters they imitate.
 */
export const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
  Y: 'У',
  a: 'а',
  c: 'с',
  e: 'е',
  o: 'о',
  p: 'р',
  x: 'х',
  y: 'у',
  k: 'к',
  m: 'м',
};
