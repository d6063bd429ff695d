// Entry of the cabinet: session check, login form, layout and the hash router (#/, #/new, #/runs/ID, …).
import { h, replace, state } from './dom.js';
import { call, onSessionLost, setCsrf } from './api.js';
import { runsView } from './runs.js';
import { newRunView } from './new-run.js';
import { runView } from './run.js';
import { findingsView } from './findings.js';
import { accountView } from './account.js';

const root = document.getElementById('app');
let session = null;
let cleanup = null;

const ROUTES = [
  [/^#?\/?$/, () => runsView],
  [/^#\/new$/, () => newRunView],
  [/^#\/runs\/([\w-]+)$/, () => runView],
  [/^#\/runs\/([\w-]+)\/findings(?:\/(\d+))?$/, () => findingsView],
  [/^#\/account$/, () => accountView],
];

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
          const s = await call('POST', '/cabinet/login', { json: { key: input.value } });
          input.value = '';
          session = s;
          setCsrf(s.csrf_token);
          // Setting a new hash renders through hashchange; otherwise render here.
          if (!location.hash) location.hash = '#/';
          else render();
        } catch (err) {
          error.textContent = err.message;
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

function layout(content) {
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
      session = await call('GET', '/cabinet/session');
      setCsrf(session.csrf_token);
    } catch (err) {
      return loginView(err.status === 401 || err.status === 403 ? (err.status === 403 ? err.message : null) : err.message);
    }
  }
  const hash = location.hash;
  const route = ROUTES.find(([re]) => re.test(hash));
  const main = h('main.page', state('Загрузка…'));
  replace(root, ...layout(main));
  if (!route) return replace(main, state('Страница не найдена.', 'error'), h('a', { href: '#/' }, 'К списку проверок'));
  const params = route[0].exec(hash).slice(1);
  const view = route[1]();
  try {
    cleanup = (await view(main, ...params)) ?? null;
  } catch (err) {
    replace(main, state(err.message, 'error'));
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
