import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Converter } from './converter.ts';
import { alive } from '../../test/helpers/processes.ts';

async function until(what: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('abort kills every conversion under way with its helpers and removes the profiles, at once', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-converter-'));
  try {
    // A stand-in for soffice that, like LibreOffice, leaves a helper in its group and never finishes on its own.
    const soffice = join(dir, 'soffice');
    const pids = join(dir, 'pids');
    await writeFile(soffice, `#!/bin/sh\nsleep 300 &\necho "$$ $!" > ${pids}\nwait\n`);
    await chmod(soffice, 0o755);
    const profileRoot = join(dir, 'profiles');
    await mkdir(join(profileRoot, 'lo-profile-0'), { recursive: true });
    const converter = new Converter({ soffice, profileRoot });
    const converting = converter.convert(join(dir, 'a.docx'), join(dir, 'out'), 60_000);
    const settled = converting.then(
      () => 'converted',
      (e: Error) => e.message,
    );
    await until(async () => (await readFile(pids, 'utf8').catch(() => '')).trim().split(' ').length === 2);
    const [leader, helper] = (await readFile(pids, 'utf8')).trim().split(' ').map(Number);
    assert.deepEqual(converter.runningGroups, [leader]);

    converter.abort();
    assert.equal(await stat(profileRoot).catch(() => null), null, 'the profiles are gone before abort returns');
    await until(() => !alive(leader!) && !alive(helper!));
    assert.match(await settled, /LibreOffice остановлен сигналом SIGKILL/, 'the conversion under way fails');
    assert.deepEqual(converter.runningGroups, []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('close waits for the conversion under way and removes every profile', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-converter-'));
  try {
    const soffice = join(dir, 'soffice');
    await writeFile(soffice, '#!/bin/sh\nexit 3\n');
    await chmod(soffice, 0o755);
    const profileRoot = join(dir, 'profiles');
    const converter = new Converter({ soffice, profileRoot });
    await assert.rejects(converter.convert(join(dir, 'a.docx'), join(dir, 'out'), 60_000), /кодом 3/);
    await mkdir(join(profileRoot, 'lo-profile-1'), { recursive: true });
    await converter.close();
    assert.equal(await stat(profileRoot).catch(() => null), null);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
