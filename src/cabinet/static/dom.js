// Building DOM without innerHTML: every text from the server is set as text, never parsed as markup.

/**
 * What h() and replace() take as children: nodes, text, numbers, lists of them (nested up to three deep); null,
 * undefined and false are skipped.
 * @typedef {Node | string | number | null | undefined | false} Leaf
 * @typedef {Leaf | ReadonlyArray<Leaf | ReadonlyArray<Leaf | ReadonlyArray<Leaf>>>} Child
 */

/**
 * The tag of a spec such as 'button.link#logout' ('' when the spec starts with a class or id).
 * @template {string} S
 * @typedef {S extends `${infer T}.${string}` ? TagOf<T> : S extends `${infer T}#${string}` ? T : S} TagOf
 */

/**
 * The element h() makes for a spec: 'input#key' → HTMLInputElement; a spec without a tag makes a div.
 * @template {string} S
 * @typedef {TagOf<S> extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[TagOf<S>] : TagOf<S> extends '' ? HTMLDivElement : HTMLElement} ElementOf
 */

/**
 * Attributes of h(): `on<event>` adds a listener (its event's currentTarget is the element made), `value` and
 * `checked` set the properties, anything else an attribute (true: present and empty; null, undefined, false: absent).
 * @template {HTMLElement} E
 * @typedef {{ [K in keyof HTMLElementEventMap as `on${K}`]?: (e: HTMLElementEventMap[K] & { currentTarget: E }) => unknown } & { [name: string]: string | number | boolean | null | undefined | ((e: never) => unknown) }} Attrs
 */

/**
 * h('div.card#main', {onclick, title, ...}, child, …): element with classes, attributes and children.
 * @template {string} S
 * @param {S} spec
 * @param {Attrs<ElementOf<S>> | Child} [attrs]
 * @param {...Child} children
 * @returns {ElementOf<S>}
 */
export function h(spec, attrs, ...children) {
  const [, tag = 'div', rest = ''] = /^([a-z0-9]*)(.*)$/i.exec(spec) ?? [];
  const el = /** @type {ElementOf<S>} */ (document.createElement(tag || 'div'));
  for (const part of rest.match(/[.#][^.#]+/g) ?? []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  const given = isAttrs(attrs) ? /** @type {Record<string, unknown>} */ (attrs) : null;
  if (!given && attrs) children.unshift(/** @type {Child} */ (attrs));
  for (const [k, v] of Object.entries(given ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (k === 'value') /** @type {HTMLInputElement} */ (el).value = String(v);
    else if (k === 'checked') /** @type {HTMLInputElement} */ (el).checked = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

/** The second argument of h() is attributes when it is a plain object; any other value is a child. @param {unknown} x */
const isAttrs = (x) => typeof x === 'object' && x !== null && !(x instanceof Node) && !Array.isArray(x);

/** @param {ParentNode} el @param {ReadonlyArray<Child>} children */
function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** @template {ParentNode} E @param {E} el @param {...Child} children @returns {E} */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * A progress bar; the width is set through CSSOM, which the CSP allows (inline style attributes it does not).
 * @param {number} percent
 * @param {string} [label]
 */
export function bar(percent, label) {
  const fill = h('span.bar-fill');
  fill.style.width = `${Math.max(0, Math.min(100, percent))}%`;
  return h(
    'span.bar',
    { role: 'progressbar', 'aria-valuenow': Math.round(percent), 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-label': label ?? 'Ход' },
    fill,
  );
}

/** @param {string} text @param {string} [kind] */
export const state = (text, kind = '') => h(`p.state${kind ? `.${kind}` : ''}`, text);
