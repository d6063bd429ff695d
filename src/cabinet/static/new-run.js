// A new review: files and archives (previewed), kinds and roles per document, address, task, bundle, upload.
import { h, replace, bar, state } from './dom.js';
import { api, ApiError, messageOf, uploadRun } from './api.js';
import { plural, shownName, W, fmtBytes, ROLE } from './format.js';
/** @import { BundleList, Me } from '../api-types.ts' */

const ARCHIVE = /\.(zip|rar|7z)$/i;

/**
 * A document of the set as the form holds it: from a loose file or an archive's preview.
 * @typedef {{ name: string, size: number, kind_guess: string | null, kind: string | null, role: 'review' | 'context' }} SetDocument
 */
/**
 * A file the user added: a document, or an archive with the documents its preview lists.
 * @typedef {{ file: File, archive: boolean, documents: SetDocument[], skipped: { name: string, reason: string }[], error: string | null, loading: boolean }} AddedFile
 */

function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** Folders named Context and Reviews in an archive set roles (contract, rule 2 of POST /runs). @param {string} path @returns {SetDocument['role']} */
const roleFromPath = (path) => (/(^|\/)context\//i.test(path) ? 'context' : 'review');

/** The section of a document: the service's guess, or one of the profile's sections. @param {SetDocument} doc @param {Me['profile']['sections']} sections @param {() => void} changed */
function kindSelect(doc, sections, changed) {
  return h(
    'select.kind',
    {
      'aria-label': `Раздел документа ${doc.name}`,
      onchange: (e) => {
        doc.kind = e.currentTarget.value || null;
        changed();
      },
    },
    h('option', { value: '' }, doc.kind_guess ? `Определить (похоже на ${doc.kind_guess})` : 'Определить автоматически'),
    sections.map((s) => h('option', { value: s.code, selected: doc.kind === s.code }, `${s.code} — ${s.title}`)),
  );
}

/** Reviewed or context. @param {SetDocument} doc @param {() => void} changed */
function roleSelect(doc, changed) {
  return h(
    'select.role',
    {
      'aria-label': `Роль документа ${doc.name}`,
      onchange: (e) => {
        doc.role = e.currentTarget.value === 'context' ? 'context' : 'review';
        changed();
      },
    },
    /** @type {const} */ (['review', 'context']).map((r) => h('option', { value: r, selected: doc.role === r }, ROLE[r])),
  );
}

/** What stops the set from being sent: the organization's limits, no reviewed document, no checks left. @param {AddedFile[]} files @param {Me} me */
function problemsOf(files, me) {
  const limits = me.limits;
  const all = files.flatMap((f) => f.documents);
  const total = files.reduce((s, f) => s + f.file.size, 0);
  const out = [];
  if (limits.max_files && all.length > limits.max_files) out.push(`Документов ${all.length}, лимит организации — ${limits.max_files}.`);
  if (limits.max_total_bytes && total > limits.max_total_bytes) out.push(`Общий размер ${fmtBytes(total)}, лимит — ${fmtBytes(limits.max_total_bytes)}.`);
  for (const f of files)
    if (limits.max_file_bytes && f.file.size > limits.max_file_bytes)
      out.push(`Файл «${f.file.name}» (${fmtBytes(f.file.size)}) больше лимита ${fmtBytes(limits.max_file_bytes)}.`);
  if (all.length && all.every((d) => d.role === 'context')) out.push('Хотя бы один документ должен быть проверяемым.');
  if (me.checks_left < 1) out.push('На счёте не осталось проверок.');
  return out;
}

/**
 * One added file with its documents, each with its section and role.
 * @param {AddedFile} f
 * @param {{ sections: Me['profile']['sections'], changed: () => void, check: () => void, remove: () => void }} on
 */
function fileBlock(f, on) {
  return h(
    'div.file',
    h(
      'div.file-head',
      h('strong', f.file.name),
      h('span.muted', ` ${fmtBytes(f.file.size)}${f.archive ? ' · архив' : ''}`),
      h('button.link', { type: 'button', onclick: on.remove }, 'Убрать'),
    ),
    f.loading ? state('Просмотр архива…') : null,
    f.error ? h('p.error', f.error) : null,
    f.documents.length
      ? h(
          'table.docs',
          h('thead', h('tr', h('th', 'Документ'), h('th.num', 'Размер'), h('th', 'Раздел'), h('th', 'Роль'))),
          h(
            'tbody',
            f.documents.map((d) =>
              h(
                'tr',
                h('td.name', shownName(d.name)),
                h('td.num', fmtBytes(d.size)),
                h('td', kindSelect(d, on.sections, on.changed)),
                h(
                  'td',
                  roleSelect(d, () => {
                    on.changed();
                    on.check();
                  }),
                ),
              ),
            ),
          ),
        )
      : null,
    f.skipped?.length ? h('p.muted', 'Пропущено при распаковке: ', f.skipped.map((s) => `${s.name ?? s} (${s.reason ?? ''})`).join('; ')) : null,
  );
}

/** The organization's limits and the checks left, under the form. @param {Me} me */
function limitsLine(me) {
  const limits = me.limits;
  return h(
    'p.muted.limits',
    `Лимиты: до ${limits.max_files ? plural(limits.max_files, W.docsOf) : 'любого числа документов'}, `,
    `файл до ${limits.max_file_bytes ? fmtBytes(limits.max_file_bytes) : '—'}, комплект до ${limits.max_total_bytes ? fmtBytes(limits.max_total_bytes) : '—'}, `,
    `до ${limits.max_pages ? plural(limits.max_pages, W.pagesOf) : 'любого числа страниц'}`,
    limits.oversize_factor > 1 ? ' (допускается двойной объём)' : '',
    `. Осталось ${plural(me.checks_left, W.checks)}.`,
  );
}

/**
 * The body of POST /runs: the files, the address, the task, the bundle, and the kinds and roles the user chose.
 * @param {AddedFile[]} files
 * @param {{ address: string, task: string, bundle: string }} fields
 */
function uploadBody(files, fields) {
  const docs = files.flatMap((f) => f.documents);
  const body = new FormData();
  for (const f of files) body.append('files', f.file, f.file.name);
  if (fields.address.trim()) body.append('object_address', fields.address.trim());
  if (fields.task.trim()) body.append('user_request', fields.task.trim());
  if (fields.bundle) body.append('bundle_id', fields.bundle);
  const kinds = Object.fromEntries(docs.filter((d) => d.kind).map((d) => [d.name, d.kind]));
  if (Object.keys(kinds).length) body.append('kinds', JSON.stringify(kinds));
  if (docs.some((d) => d.role === 'context')) body.append('roles', JSON.stringify(Object.fromEntries(docs.map((d) => [d.name, d.role]))));
  return body;
}

/** Why the upload failed, and whether sending again is safe. @param {unknown} err */
function uploadFailure(err) {
  const status = err instanceof ApiError ? err.status : undefined;
  const file = err instanceof ApiError ? err.file : undefined;
  return [
    h('p.error', messageOf(err), file ? ` (файл «${file}»)` : ''),
    status === 0 || (status !== undefined && status >= 500) || (err instanceof ApiError && err.code === 'idempotency_pending')
      ? h('p.muted', 'Повторная отправка безопасна: она не спишет проверку второй раз.')
      : null,
  ];
}

/** The documents of an added file: itself, or — for an archive — what the service's preview finds in it. @param {AddedFile} entry */
async function readEntry(entry) {
  if (!entry.archive) {
    entry.documents.push({ name: entry.file.name, size: entry.file.size, kind_guess: null, kind: null, role: 'review' });
    return;
  }
  try {
    const form = new FormData();
    form.append('file', entry.file, entry.file.name);
    const preview = await api.form('/imports/preview', form);
    entry.documents = preview.documents.map((d) => ({ ...d, kind: null, role: roleFromPath(d.name) }));
    entry.skipped = preview.skipped ?? [];
  } catch (err) {
    entry.error = `Архив не прочитан: ${messageOf(err)}`;
  }
}

/**
 * The set's address, the task (typed or read from a UTF-8 file) and the bundle; each change renews the submission's key.
 * @param {BundleList} bundles
 * @param {() => void} changed
 */
function setFields(bundles, changed) {
  const address = h('input#address', { type: 'text', maxlength: 2000, oninput: changed, placeholder: 'Например: г. Москва, ул. Строителей, д. 5' });
  const task = h('textarea#task', { rows: 4, oninput: changed, placeholder: 'Что проверить особенно внимательно' });
  const taskFile = h('input#task-file', {
    type: 'file',
    accept: '.txt,text/plain',
    onchange: async (e) => {
      const f = e.currentTarget.files?.[0];
      if (f) task.value = await f.text();
      changed();
    },
  });
  const bundle = bundleSelect(bundles, changed);
  const block = h(
    'div.fields',
    h('label', { for: 'address' }, 'Адрес объекта'),
    address,
    h('label', { for: 'task' }, 'Задание на проверку'),
    task,
    h('div.muted', 'или из файла (UTF-8): ', taskFile),
    h('label', { for: 'bundle' }, 'Пакет (проект)'),
    bundle,
  );
  return { address, task, bundle, block };
}

/**
 * While the set is being sent, leaving asks first: a reload or a closed tab through the browser's own prompt, a link
 * of the cabinet through a confirm. Returns what removes the guard. (Once the page is left the upload may finish, but
 * never opens the run: newRunView's `left`.)
 * @param {() => boolean} uploading
 */
function guardLeaving(uploading) {
  /** @param {BeforeUnloadEvent} e */
  const onBeforeUnload = (e) => {
    if (!uploading()) return;
    e.preventDefault();
    e.returnValue = '';
  };
  /** @param {MouseEvent} e */
  const onLinkClick = (e) => {
    if (
      uploading() &&
      e.target instanceof Element &&
      e.target.closest('a[href^="#"]') &&
      !confirm('Комплект ещё загружается. Уйти со страницы? Загрузка может не завершиться.')
    )
      e.preventDefault();
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  document.addEventListener('click', onLinkClick, true);
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onLinkClick, true);
  };
}

/** @param {HTMLElement} main */
export async function newRunView(main) {
  const [me, bundles] = await Promise.all([api.get('/me'), api.get('/bundles')]);
  /** @type {AddedFile[]} */
  const files = [];
  /** One key per submission: kept across retries of the same content, renewed when the content changes. */
  let idempotencyKey = newKey();
  const changed = () => {
    idempotencyKey = newKey();
  };

  const list = h('div.files');
  const summary = h('p.muted');
  const problems = h('ul.problems');
  const message = h('div', { role: 'alert' });
  const progress = h('div.upload-progress');
  const fields = setFields(bundles, changed);
  const input = h('input#files', {
    type: 'file',
    multiple: true,
    onchange: (e) => {
      const chosen = e.currentTarget;
      addFiles([...(chosen.files ?? [])]).then(() => {
        chosen.value = '';
      });
    },
  });
  const submit = h('button.primary#submit', { type: 'submit' }, 'Отправить на проверку');

  let uploading = false;
  let left = false;
  const unguard = guardLeaving(() => uploading);

  function check() {
    const out = problemsOf(files, me);
    const total = files.reduce((s, f) => s + f.file.size, 0);
    const count = files.reduce((s, f) => s + f.documents.length, 0);
    replace(
      problems,
      out.map((p) => h('li', p)),
    );
    replace(summary, files.length ? `${plural(count, W.docs)} в ${plural(files.length, W.filesIn)}, ${fmtBytes(total)}` : '');
    return out.length === 0;
  }

  function draw() {
    const sections = me.profile.sections;
    const remove = (/** @type {number} */ i) => () => {
      files.splice(i, 1);
      changed();
      draw();
    };
    replace(
      list,
      files.map((f, i) => fileBlock(f, { sections, changed, check, remove: remove(i) })),
    );
    check();
  }

  /** @param {File[]} added */
  async function addFiles(added) {
    for (const file of added) {
      /** @type {AddedFile} */
      const entry = { file, archive: ARCHIVE.test(file.name), documents: [], skipped: [], error: null, loading: false };
      files.push(entry);
      if (entry.archive) {
        entry.loading = true;
        draw();
      }
      await readEntry(entry);
      entry.loading = false;
    }
    changed();
    draw();
  }

  const drop = dropZone(input, addFiles);

  /** @param {SubmitEvent} e */
  async function send(e) {
    e.preventDefault();
    replace(message);
    if (!files.length) return replace(message, h('p.error', 'Добавьте документы комплекта.'));
    if (!check()) return replace(message, h('p.error', 'Исправьте отмеченное выше.'));
    const body = uploadBody(files, { address: fields.address.value, task: fields.task.value, bundle: fields.bundle.value });
    submit.disabled = true;
    uploading = true;
    const fill = bar(0, 'Загрузка комплекта');
    const text = h('span', 'Загрузка…');
    replace(progress, fill, text);
    try {
      const run = await uploadRun(body, idempotencyKey, (loaded, total) => {
        const width = fill.firstElementChild;
        if (width instanceof HTMLElement) width.style.width = `${(loaded / total) * 100}%`;
        text.textContent = loaded < total ? `Загружено ${fmtBytes(loaded)} из ${fmtBytes(total)}` : 'Файлы переданы, комплект распаковывается…';
      });
      uploading = false;
      if (!left) location.hash = `#/runs/${run.run_id}`;
    } catch (err) {
      uploading = false;
      if (left) return;
      replace(progress);
      replace(message, ...uploadFailure(err));
      submit.disabled = false;
    }
  }

  const form = h('form.new-run', { onsubmit: send }, drop, summary, list, problems, fields.block, limitsLine(me), message, progress, submit);
  replace(main, h('h1', 'Новая проверка'), form);
  draw();
  return () => {
    left = true;
    unguard();
  };
}

/** The bundle the run belongs to, or none. @param {BundleList} bundles @param {() => void} changed */
function bundleSelect(bundles, changed) {
  return h(
    'select#bundle',
    { onchange: changed },
    h('option', { value: '' }, 'Без пакета'),
    bundles.bundles.map((b) => h('option', { value: b.bundle_id }, `${b.label} (версия ${b.version})`)),
  );
}

/** The place to drop files on, around the file input. @param {HTMLInputElement} input @param {(files: File[]) => Promise<void>} addFiles */
function dropZone(input, addFiles) {
  const drop = h(
    'label.drop',
    {
      for: 'files',
      ondragover: (e) => {
        e.preventDefault();
        e.currentTarget.classList.add('over');
      },
      ondragleave: (e) => e.currentTarget.classList.remove('over'),
    },
    h('strong', 'Перетащите сюда документы и архивы'),
    h('span', ' или нажмите, чтобы выбрать'),
    h('div.muted', 'PDF, Word, Excel, JPEG, PNG, XML; архивы ZIP, RAR, 7z — папки Context и Reviews задают роли'),
    input,
  );
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    addFiles([...(e.dataTransfer?.files ?? [])]);
  });
  return drop;
}
