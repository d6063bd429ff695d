/**
 * A pure function of a string remembered by its argument: a set repeats one address on most of its pages and its checks
 * compare each with many others, and several finders ask the same conversion of one page. The results are shared, so
 * callers must not change them; the memory is emptied when it grows past `max` texts.
 */
export function memoized<T>(read: (text: string) => T, max = 4096): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= max) known.clear();
      value = read(text);
      known.set(text, value);
    }
    return value;
  };
}
