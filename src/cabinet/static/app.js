// Entry of the cabinet: session check, login form, layout and the hash router (#/, #/new, #/runs/ID, …).
import { h, replace, state } from './dom.js';
import { ApiError, call, messageOf, onSessionLost, setCsrf } from './api.js';
import { runsView } from './runs.js';
import { newRunView } from './new-run.js';
import { runView } from './run.js';
import { findingsView } from './findings.js';
import { accountView } from './account.js';
import { setTimeZone } from './format.js';
/** @import { CabinetSession } from '../api-types.ts' */

/**
 * A page of the cabinet: draws into `main` from the groups of its address; may return what stops its timers and
 * listeners.
 * @typedef {(main: HTMLElement, match: RegExpExecArray) => Promise<(() => void) | void>} View
 */
/** A group the route's pattern always captures. @param {RegExpExecArray} m @param {number} i */
const group = (m, i) => /** @type {string} */ (m[i]);

const root = /** @type {HTMLElement} */ (document.getElementById('app'));
/** @type {CabinetSession | null} */
let session = null;
/** @type {(() => void) | null} */
let cleanup = null;

/** @type {[RegExp, View][]} */
const ROUTES = [
  [/^#?\/?$/, (main) => runsView(main)],
  [/^#\/new$/, (main) => newRunView(main)],
  [/^#\/runs\/([\w-]+)$/, (main, m) => runView(main, group(m, 1))],
  [/^#\/runs\/([\w-]+)\/findings(?:\/(\d+))?(?:\?(.*))?$/, (main, m) => findingsView(main, group(m, 1), m[2], m[3])],
  [/^#\/account$/, (main) => accountView(main)],
];

/** @param {string | null} [message] */
function loginView(message) {
  setCsrf(null);
  session = null;
  const error = h('p.error', { role: 'alert' }, message ?? '');
  if (!message) error.hidden = true;
  const input = h('input#key', { type: 'password', name: 'key', autocomplete: 'off', required: true, spellcheck: 'false', placeholder: 'drs_…' });
  const button = h('button.primary', { type: 'submit' }, 'Войти');
  const form = h(
    'form.login',
    {
      onsubmit: async (e) => {
        e.preventDefault();
        button.disabled = true;
        error.hidden = true;
        try {
          const s = /** @type {CabinetSession} */ (await call('POST', '/cabinet/login', { json: { key: input.value } }));
          input.value = '';
          session = s;
          setCsrf(s.csrf_token);
          setTimeZone(s.time_zone);
          // Setting a new hash renders through hashchange; otherwise render here.
          if (!location.hash) location.hash = '#/';
          else render();
        } catch (err) {
          error.textContent = messageOf(err);
          error.hidden = false;
          input.select();
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h1', 'Кабинет проверки проектной документации'),
    h('label', { for: 'key' }, 'Ключ доступа организации'),
    input,
    h(
      'p.hint',
      'Ключ выдаётся при подключении. После входа он не хранится в браузере: работа идёт в сессии, которая завершается выходом, отзывом ключа или приостановкой доступа.',
    ),
    error,
    button,
  );
  replace(root, h('main.login-page', form));
  input.focus();
}

async function logout() {
  try {
    await call('POST', '/cabinet/logout');
  } catch {
    /* the session may already be gone */
  }
  history.replaceState(null, '', '/');
  loginView();
}

/** The header of every page around its content. @param {CabinetSession} session @param {HTMLElement} content */
function layout(session, content) {
  /** @param {string} href @param {string} text */
  const link = (href, text) => h('a', { href, 'aria-current': location.hash === href || (href === '#/' && !location.hash) ? 'page' : null }, text);
  return [
    h(
      'header.top',
      h('a.brand', { href: '#/' }, 'Проверка документации'),
      h('nav', link('#/', 'Проверки'), link('#/new', 'Новая проверка'), link('#/account', 'Организация')),
      h('span.org', session.organization),
      h('button.link#logout', { type: 'button', onclick: logout }, 'Выйти'),
    ),
    content,
  ];
}

async function render() {
  cleanup?.();
  cleanup = null;
  if (!session) {
    try {
      session = /** @type {CabinetSession} */ (await call('GET', '/cabinet/session'));
      setCsrf(session.csrf_token);
      setTimeZone(session.time_zone);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : undefined;
      return loginView(status === 401 || status === 403 ? (status === 403 ? messageOf(err) : null) : messageOf(err));
    }
  }
  const hash = location.hash;
  const route = ROUTES.find(([re]) => re.test(hash));
  const main = h('main.page', state('Загрузка…'));
  replace(root, ...layout(session, main));
  if (!route) return replace(main, state('Страница не найдена.', 'error'), h('a', { href: '#/' }, 'К списку проверок'));
  const [pattern, view] = route;
  try {
    cleanup = (await view(main, /** @type {RegExpExecArray} */ (pattern.exec(hash)))) ?? null;
  } catch (err) {
    replace(main, state(messageOf(err), 'error'));
  }
}

onSessionLost((err) => {
  cleanup?.();
  cleanup = null;
  loginView(session ? 'Сессия завершена (выход, отзыв ключа или истечение срока). Войдите снова.' : err.message);
});
// An unexpected failure in a handler is said on screen rather than leaving a page that silently stops working.
window.addEventListener('unhandledrejection', (e) => {
  const banner = h('p.state.error', { role: 'alert' }, `Ошибка: ${e.reason?.message ?? e.reason}. Обновите страницу.`);
  document.querySelector('main')?.prepend(banner);
});
window.addEventListener('hashchange', render);
render();
