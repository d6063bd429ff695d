import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asciiFileName, attachmentDisposition } from './disposition.ts';

test('asciiFileName transliterates Russian and replaces other characters', () => {
  assert.equal(asciiFileName('report-1-КР.pdf'), 'report-1-KR.pdf');
  assert.equal(asciiFileName('ИОС1 «Щит».pdf'), 'IOS1__SHCHit_.pdf');
  assert.equal(asciiFileName('отчёт.md'), 'otchet.md');
  assert.equal(asciiFileName(''), 'report');
});

test('attachmentDisposition gives an ASCII fallback and the RFC 5987 UTF-8 name', () => {
  assert.equal(attachmentDisposition('report-1-ОБЩ.pdf'), `attachment; filename="report-1-OBSHCH.pdf"; filename*=UTF-8''report-1-%D0%9E%D0%91%D0%A9.pdf`);
  assert.equal(attachmentDisposition("a'(b)*.pdf"), `attachment; filename="a__b__.pdf"; filename*=UTF-8''a%27%28b%29%2A.pdf`);
  assert.equal(decodeURIComponent(attachmentDisposition('report-ИОС1.pdf').split("UTF-8''")[1]!), 'report-ИОС1.pdf');
});
