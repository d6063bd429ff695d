// Building DOM without innerHTML: every text from the server is set as text, never parsed as markup.

/** h('div.card#main', {onclick, title, ...}, child, …): element with classes, attributes and children. */
export function h(spec, attrs, ...children) {
  const [, tag = 'div', rest = ''] = /^([a-z0-9]*)(.*)$/i.exec(spec);
  const el = document.createElement(tag || 'div');
  for (const part of rest.match(/[.#][^.#]+/g) ?? []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs && (typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked') el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A progress bar; the width is set through CSSOM, which the CSP allows (inline style attributes it does not). */
export function bar(percent, label) {
  const fill = h('span.bar-fill');
  fill.style.width = `${Math.max(0, Math.min(100, percent))}%`;
  return h(
    'span.bar',
    { role: 'progressbar', 'aria-valuenow': Math.round(percent), 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': label ?? 'Ход' },
    fill,
  );
}

export const state = (text, kind = '') => h(`p.state${kind ? `.${kind}` : ''}`, text);
