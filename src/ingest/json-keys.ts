/**
 * JSON.parse keeps the last of two equal keys of an object without a word; the client fields keyed by document
 * name (`kinds`, `roles`) must refuse such a body instead, naming the key. No dependency of the service parses
 * JSON with duplicate detection, and a reviver sees only the surviving value, so the text is scanned here.
 */

/** The first key that occurs twice in one object of a JSON text already known to be valid, or null. */
export function duplicateJsonKey(validJson: string): string | null {
  // one entry per open container: the keys seen in an object, null for an array
  const open: (Set<string> | null)[] = [];
  let expectingKey = false;
  for (let i = 0; i < validJson.length; i++) {
    const c = validJson[i];
    if (c === '"') {
      let end = i + 1;
      while (validJson[end] !== '"') end += validJson[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (expectingKey && keys) {
        const key = JSON.parse(validJson.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        expectingKey = false;
      }
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (c === '[') {
      open.push(null);
      expectingKey = false;
    } else if (c === '}' || c === ']') {
      open.pop();
      expectingKey = false;
    } else if (c === ',') {
      expectingKey = open.at(-1) != null;
    } else if (c === ':') {
      expectingKey = false;
    }
  }
  return null;
}
