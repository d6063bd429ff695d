/**
 * A pure function of a string remembered by its argument. A set repeats one address or name on most of its pages, and
 * the set's model and its checks compare each with many others: reading each text once is what keeps that cheap. The
 * results are shared, so callers must not change them; the memory is emptied when it grows past `max` texts.
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
