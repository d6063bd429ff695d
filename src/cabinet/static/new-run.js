// A new review: files and archives (previewed), kinds and roles per document, address, task, bundle, upload.
import { h, replace, bar, state } from './dom.js';
import { api, uploadRun } from './api.js';
import { plural, W, fmtBytes, ROLE } from './format.js';

const ARCHIVE = /\.(zip|rar|7z)$/i;

function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** Folders named Context and Reviews in an archive set roles (contract, rule 2 of POST /runs). */
const roleFromPath = (path) => (/(^|\/)context\//i.test(path) ? 'context' : 'review');

export async function newRunView(main) {
  const [me, bundles] = await Promise.all([api.get('/me'), api.get('/bundles')]);
  const sections = me.profile.sections;
  const limits = me.limits;
  /** Uploaded files: {file, archive, documents: [{name, size, kind_guess, kind, role}], skipped, error} */
  const files = [];
  /** One key per submission: kept across retries of the same content, renewed when the content changes. */
  let idempotencyKey = newKey();
  const changed = () => (idempotencyKey = newKey());

  const list = h('div.files');
  const summary = h('p.muted');
  const problems = h('ul.problems');
  const message = h('div', { role: 'alert' });
  const progress = h('div.upload-progress');
  const address = h('input#address', { type: 'text', maxlength: 2000, oninput: changed, placeholder: 'Например: г. Москва, ул. Строителей, д. 5' });
  const task = h('textarea#task', { rows: 4, oninput: changed, placeholder: 'Что проверить особенно внимательно' });
  const taskFile = h('input#task-file', {
    type: 'file',
    accept: '.txt,text/plain',
    onchange: async () => {
      const f = taskFile.files[0];
      if (f) task.value = await f.text();
      changed();
    },
  });
  const bundle = h(
    'select#bundle',
    { onchange: changed },
    h('option', { value: '' }, 'Без пакета'),
    (bundles.bundles ?? bundles.items ?? []).map((b) => h('option', { value: b.bundle_id }, `${b.label} (версия ${b.version})`)),
  );
  const input = h('input#files', { type: 'file', multiple: true, onchange: () => addFiles([...input.files]).then(() => (input.value = '')) });
  const submit = h('button.primary#submit', { type: 'submit' }, 'Отправить на проверку');

  const docs = () => files.flatMap((f) => f.documents);

  function kindSelect(doc) {
    return h(
      'select.kind',
      {
        'aria-label': `Раздел документа ${doc.name}`,
        onchange: (e) => {
          doc.kind = e.target.value || null;
          changed();
        },
      },
      h('option', { value: '' }, doc.kind_guess ? `Определить (похоже на ${doc.kind_guess})` : 'Определить автоматически'),
      sections.map((s) => h('option', { value: s.code, selected: doc.kind === s.code }, `${s.code} — ${s.title}`)),
    );
  }
  function roleSelect(doc) {
    return h(
      'select.role',
      {
        'aria-label': `Роль документа ${doc.name}`,
        onchange: (e) => {
          doc.role = e.target.value;
          changed();
          check();
        },
      },
      ['review', 'context'].map((r) => h('option', { value: r, selected: doc.role === r }, ROLE[r])),
    );
  }

  function check() {
    const all = docs();
    const total = files.reduce((s, f) => s + f.file.size, 0);
    const out = [];
    if (limits.max_files && all.length > limits.max_files) out.push(`Документов ${all.length}, лимит организации — ${limits.max_files}.`);
    if (limits.max_total_bytes && total > limits.max_total_bytes) out.push(`Общий размер ${fmtBytes(total)}, лимит — ${fmtBytes(limits.max_total_bytes)}.`);
    for (const f of files)
      if (limits.max_file_bytes && f.file.size > limits.max_file_bytes)
        out.push(`Файл «${f.file.name}» (${fmtBytes(f.file.size)}) больше лимита ${fmtBytes(limits.max_file_bytes)}.`);
    if (all.length && all.every((d) => d.role === 'context')) out.push('Хотя бы один документ должен быть проверяемым.');
    if (me.checks_left < 1) out.push('На счёте не осталось проверок.');
    replace(
      problems,
      out.map((p) => h('li', p)),
    );
    replace(summary, files.length ? `${plural(all.length, W.docs)} в ${plural(files.length, W.files)}, ${fmtBytes(total)}` : '');
    return out.length === 0;
  }

  function draw() {
    replace(
      list,
      files.map((f, i) =>
        h(
          'div.file',
          h(
            'div.file-head',
            h('strong', f.file.name),
            h('span.muted', ` ${fmtBytes(f.file.size)}${f.archive ? ' · архив' : ''}`),
            h(
              'button.link',
              {
                type: 'button',
                onclick: () => {
                  files.splice(i, 1);
                  changed();
                  draw();
                },
              },
              'Убрать',
            ),
          ),
          f.loading ? state('Просмотр архива…') : null,
          f.error ? h('p.error', f.error) : null,
          f.documents.length
            ? h(
                'table.docs',
                h('thead', h('tr', h('th', 'Документ'), h('th.num', 'Размер'), h('th', 'Раздел'), h('th', 'Роль'))),
                h(
                  'tbody',
                  f.documents.map((d) => h('tr', h('td.name', d.name), h('td.num', fmtBytes(d.size)), h('td', kindSelect(d)), h('td', roleSelect(d)))),
                ),
              )
            : null,
          f.skipped?.length ? h('p.muted', 'Пропущено при распаковке: ', f.skipped.map((s) => `${s.name ?? s} (${s.reason ?? ''})`).join('; ')) : null,
        ),
      ),
    );
    check();
  }

  async function addFiles(added) {
    for (const file of added) {
      const entry = { file, archive: ARCHIVE.test(file.name), documents: [], skipped: [], error: null, loading: false };
      files.push(entry);
      if (!entry.archive) {
        entry.documents.push({ name: file.name, size: file.size, kind_guess: null, kind: null, role: 'review' });
        continue;
      }
      entry.loading = true;
      draw();
      try {
        const form = new FormData();
        form.append('file', file, file.name);
        const preview = await api.form('/imports/preview', form);
        entry.documents = preview.documents.map((d) => ({ ...d, kind: null, role: roleFromPath(d.name) }));
        entry.skipped = preview.skipped ?? [];
      } catch (err) {
        entry.error = `Архив не прочитан: ${err.message}`;
      }
      entry.loading = false;
    }
    changed();
    draw();
  }

  const drop = h(
    'label.drop',
    {
      for: 'files',
      ondragover: (e) => {
        e.preventDefault();
        drop.classList.add('over');
      },
      ondragleave: () => drop.classList.remove('over'),
    },
    h('strong', 'Перетащите сюда документы и архивы'),
    h('span', ' или нажмите, чтобы выбрать'),
    h('div.muted', 'PDF, Word, Excel, JPEG, PNG, XML; архивы ZIP, RAR, 7z — папки Context и Reviews задают роли'),
    input,
  );
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    addFiles([...e.dataTransfer.files]);
  });

  const form = h(
    'form.new-run',
    {
      onsubmit: async (e) => {
        e.preventDefault();
        replace(message);
        if (!files.length) return replace(message, h('p.error', 'Добавьте документы комплекта.'));
        if (!check()) return replace(message, h('p.error', 'Исправьте отмеченное выше.'));
        const body = new FormData();
        for (const f of files) body.append('files', f.file, f.file.name);
        if (address.value.trim()) body.append('object_address', address.value.trim());
        if (task.value.trim()) body.append('user_request', task.value.trim());
        if (bundle.value) body.append('bundle_id', bundle.value);
        const kinds = Object.fromEntries(
          docs()
            .filter((d) => d.kind)
            .map((d) => [d.name, d.kind]),
        );
        if (Object.keys(kinds).length) body.append('kinds', JSON.stringify(kinds));
        if (docs().some((d) => d.role === 'context')) body.append('roles', JSON.stringify(Object.fromEntries(docs().map((d) => [d.name, d.role]))));
        submit.disabled = true;
        const fill = bar(0, 'Загрузка комплекта');
        const text = h('span', 'Загрузка…');
        replace(progress, fill, text);
        try {
          const run = await uploadRun(body, idempotencyKey, (loaded, total) => {
            fill.firstChild.style.width = `${(loaded / total) * 100}%`;
            text.textContent = loaded < total ? `Загружено ${fmtBytes(loaded)} из ${fmtBytes(total)}` : 'Файлы переданы, комплект распаковывается…';
          });
          location.hash = `#/runs/${run.run_id}`;
        } catch (err) {
          replace(progress);
          replace(
            message,
            h('p.error', err.message, err.file ? ` (файл «${err.file}»)` : ''),
            err.status === 0 || err.status >= 500 || err.code === 'idempotency_pending'
              ? h('p.muted', 'Повторная отправка безопасна: она не спишет проверку второй раз.')
              : null,
          );
          submit.disabled = false;
        }
      },
    },
    drop,
    summary,
    list,
    problems,
    h(
      'div.fields',
      h('label', { for: 'address' }, 'Адрес объекта'),
      address,
      h('label', { for: 'task' }, 'Задание на проверку'),
      task,
      h('div.muted', 'или из файла (UTF-8): ', taskFile),
      h('label', { for: 'bundle' }, 'Пакет (проект)'),
      bundle,
    ),
    h(
      'p.muted.limits',
      `Лимиты: до ${limits.max_files ? plural(limits.max_files, W.docs) : 'любого числа документов'}, `,
      `файл до ${limits.max_file_bytes ? fmtBytes(limits.max_file_bytes) : '—'}, комплект до ${limits.max_total_bytes ? fmtBytes(limits.max_total_bytes) : '—'}, `,
      `до ${limits.max_pages ? plural(limits.max_pages, W.pages) : 'любого числа страниц'}`,
      limits.oversize_factor > 1 ? ' (допускается двойной объём)' : '',
      `. Осталось ${plural(me.checks_left, W.checks)}.`,
    ),
    message,
    progress,
    submit,
  );
  replace(main, h('h1', 'Новая проверка'), form);
  draw();
}
