import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import type { ReferenceDate } from '../set/types.ts';
import { supersededNorms } from './superseded-norms.ts';

test('a superseded norm is reported once per document with its pages and the replacement', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Нагрузки по СНиП 2.01.07-85*', 'текст', 'см. также СНиП 2.01.07-85 и СП 63.13330.2012']);
  const f = supersededNorms.run(context([d])).findings!;
  assert.equal(f.length, 2);
  const snip = f.find((x) => x.essence.includes('СНиП 2.01.07-85*'))!;
  assert.deepEqual(
    snip.places.map((p) => p.page),
    [1, 3],
  );
  assert.match(snip.essence, /СП 20\.13330\.2016/);
  assert.equal(snip.importance, 'significant');
  assert.equal(snip.norm, 'СП 20.13330.2016');
});

test('a current СП with «Актуализированная редакция СНиП» in its title is not reported', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', [
    'СП 20.13330.2016 «Нагрузки и воздействия. Актуализированная редакция СНиП 2.01.07-85*»',
    'СП 24.13330.2021 Свайные фундаменты. СНиП 2.02.03-85',
  ]);
  assert.deepEqual(supersededNorms.run(context([d])).findings, []);
});

test('a СНиП listed next to the СП that replaced it («СП 63.13330.2012 и СНиП 2.03.01-84*») is reported', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Расчет выполнен по СП 63.13330.2018 и СНиП 2.03.01-84*.', 'Нагрузки: СП 20.13330.2016, СНиП 2.01.07-85*.']);
  assert.deepEqual(
    supersededNorms.run(context([d])).findings!.map((f) => f.essence.match(/СНиП \S+/)?.[0]),
    ['2.03.01-84*', '2.01.07-85*'].map((n) => `СНиП ${n}`),
  );
});

test('context documents get no findings; unconfirmed registry entries are a warning, never a finding', () => {
  const ctxDoc = docFacts(1, 'old.pdf', 'КР', ['СНиП 2.01.07-85*'], { role: 'context' });
  assert.deepEqual(supersededNorms.run(context([ctxDoc])).findings, []);
  const d = docFacts(2, 'kr.pdf', 'КР', ['Морозостойкость бетона по ГОСТ 10060.0-95']);
  const out = supersededNorms.run(context([d]));
  assert.deepEqual(out.findings, []);
  assert.equal(out.warnings!.length, 1);
  assert.equal(out.warnings![0]!.code, 'norms_unconfirmed');
  assert.match(out.warnings![0]!.message, /«kr\.pdf» \(с\. 1\): ГОСТ 10060\.0-95 — по непроверенным сведениям заменён, замена — ГОСТ 10060-2012/);
  assert.match(out.warnings![0]!.message, /не подтверждена.*замечаниями они не считаются/);
  assert.equal(out.warnings![0]!.doc_index, 2);
});

test('a СНиП whose actualised СП names it on its title page is a finding with the date the СП came into force', () => {
  const d = docFacts(1, 'ov.pdf', 'ИОС4', ['Газоснабжение по СНиП 42-01-2002']);
  const [f, ...rest] = supersededNorms.run(context([d])).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'significant');
  assert.equal(f!.norm, 'СП 62.13330.2011');
  assert.match(f!.essence, /СНиП 42-01-2002 «Газораспределительные системы»: он заменён с 20\.05\.2011, применять следует СП 62\.13330\.2011/);
});

test('a norm replaced recently is not reported on a document dated before the change', () => {
  const d = docFacts(1, 'eom.pdf', 'ИОС1', ['Москва 2024 г.', 'Кабели по ГОСТ 26411-85']);
  assert.deepEqual(supersededNorms.run(context([d])).findings, []);
});

test('a СНиП listed right after its replacement in a list of norms is still a citation', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', ['2\nСП 50.13330.2024 «Тепловая защита зданий»\n3\nСНиП 23-02-2003 «Тепловая защита зданий»']);
  assert.equal(supersededNorms.run(context([d])).findings!.length, 1);
});

test('the quote in the evidence stops before the title block and ends with one mark', () => {
  const page = { text: 'Работы вести с соблюдением СНиП 12-01-2004.\nИзм. Кол.уч. Лист №док. Подп. Дата\nРазраб. Смирнова' };
  const [f] = supersededNorms.run(context([docFacts(1, 'pos.pdf', 'ПОС', [page])])).findings!;
  assert.match(f!.evidence, /указано: Работы вести с соблюдением СНиП 12-01-2004\.… По реестру/);
  assert.doesNotMatch(f!.evidence, /Разраб|\.…\./);
});

test('the replacement is named in words that fit one document or several', () => {
  const [f] = supersededNorms.run(context([docFacts(1, 'pb.pdf', 'ПБ', ['Противопожарный режим — по ППБ 01-03.'])])).findings!;
  assert.equal(
    f!.essence,
    'Ссылка на недействующий нормативный документ ППБ 01-03 «Правила пожарной безопасности в Российской Федерации»: он отменён с 22.07.2012, применять следует Правила противопожарного режима (ПП РФ от 16.09.2020 № 1479).',
  );
});

const gpzu = (date: string): ReferenceDate => ({
  date,
  source: 'gpzu',
  docIndex: 1,
  page: 2,
  text: `ГПЗУ № РФ-77-4-53-3-12-2021-0123 от ${date.split('-').reverse().join('.')}`,
});

test('a 2018 ЭЭ volume citing the СП 50 and СП 30 editions current in 2018 gets notes, not significant findings', () => {
  const d = docFacts(1, 'ЭЭ.pdf', 'ЭЭ', [
    'ООО «Проект»\nМероприятия по обеспечению соблюдения требований энергетической эффективности\nТом 10.1\nМосква\n2018 г.',
    'Теплозащита ограждающих конструкций принята по СП 50.13330.2012 «Тепловая защита зданий». Расходы воды — по СП 30.13330.2016.',
  ]);
  const ctx = context([d]);
  assert.equal(ctx.set.referenceDate?.source, 'title_year');
  const f = supersededNorms.run(ctx).findings!;
  assert.equal(f.length, 2);
  assert.ok(
    f.every((x) => x.importance === 'minor'),
    f.map((x) => x.importance).join(),
  );
  const sp30 = f.find((x) => x.essence.includes('СП 30.13330.2016'))!;
  assert.match(sp30.essence, /действовал на дату оценки, но с тех пор заменён: ныне применяется СП 30\.13330\.2020/);
  assert.match(sp30.evidence, /год разработки документации 2018 \(титульный лист\)/);
  const sp50 = f.find((x) => x.essence.includes('СП 50.13330.2012'))!;
  assert.match(sp50.essence, /действовал на дату оценки.*СП 50\.13330\.2024/);
  assert.match(sp50.action, /Если документация ещё дорабатывается/);
});

test('the same citation after the replacement came into force is a significant finding naming the ГПЗУ date', () => {
  const d = docFacts(1, 'ИОС2.pdf', 'ИОС2', ['Расходы воды — по СП 30.13330.2016.']);
  const [f] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2023-03-12') })).findings!;
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /заменён, применять следует СП 30\.13330\.2020/);
  // a catalogue dates the change 08.04.2021, the successor's own preface 01.07.2021: both are said, neither is guessed
  assert.match(f!.evidence, /Источники реестра расходятся в дате замены: 08\.04\.2021 или 01\.07\.2021/);
  const [between] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2021-05-01') })).findings!;
  assert.equal(between!.importance, 'minor');
  assert.match(between!.essence, /действовал ли он на дату оценки, реестр сервиса не устанавливает/);
  assert.match(f!.evidence, /дата для оценки — 12\.03\.2023, дата ГПЗУ \(«ГПЗУ № РФ-77/);
  // the day before the change the edition was in force
  const [g] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2021-04-07') })).findings!;
  assert.equal(g!.importance, 'minor');
});

test('a set with no date is judged today and says so', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Нагрузки по СНиП 2.01.07-85*']);
  const [f] = supersededNorms.run(context([d], {}, { referenceDate: null })).findings!;
  assert.equal(f!.importance, 'significant');
  assert.match(f!.evidence, /дата не указана — оценка на текущую дату/);
});

test('a replacement the registry does not date closely enough gives a minor note that says so', () => {
  // СНиП 31-01-2003 → СП 54.13330.2022: the registry has no date of the first replacement
  const d = docFacts(1, 'ar.pdf', 'АР', ['Квартиры запроектированы по СНиП 31-01-2003.']);
  const [f] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2011-06-01') })).findings!;
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /действовал ли он на дату оценки, реестр сервиса не устанавливает/);
  assert.match(f!.evidence, /точная дата замены в реестре не указана/);
  // past the first edition of the series that replaced it (СП 54.13330.2011, by 2013 at the latest) it is out of force
  const [g] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2024-06-01') })).findings!;
  assert.match(g!.evidence, /СП 54\.13330\.2011/);
  assert.equal(g!.importance, 'significant');
});

test('a set judged before a newer edition existed is asked for the edition in force then, not for today’s', () => {
  const d = docFacts(1, 'pb.pdf', 'ПБ', ['АПС по СП 5.13130.2009.', 'Противопожарный режим — ПП РФ от 25.04.2012 № 390']);
  const f = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2021-05-01') })).findings!;
  assert.deepEqual(
    f.map((x) => x.importance),
    ['significant', 'significant'],
  );
  const [early] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2020-05-01') })).findings!;
  assert.equal(early!.importance, 'minor');
});

test('ГОСТ Р 21.101-2020, whose replacement is only claimed (C), is never a finding: in force at its date — nothing; today — a warning', () => {
  const d = docFacts(1, 'pz.pdf', 'ПЗ', ['Документация выполнена в соответствии с ГОСТ Р 21.101-2020 «СПДС».']);
  const dated = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2025-03-01') }));
  assert.deepEqual(dated.findings, []);
  assert.deepEqual(dated.warnings, []);
  const today = supersededNorms.run(context([d], {}, { referenceDate: null }));
  assert.deepEqual(today.findings, []);
  assert.deepEqual(
    today.warnings!.map((w) => w.code),
    ['norms_unconfirmed'],
  );
  assert.match(today.warnings![0]!.message, /ГОСТ Р 21\.101-2020 — по непроверенным сведениям заменён, замена — ГОСТ Р 21\.101-2026/);
});

test("a СНиП cited in the sentence after its replacement's closed title is a citation", () => {
  const d = docFacts(1, 'ov.pdf', 'ИОС4', [
    'Решения приняты по СП 50.13330.2024 «Тепловая защита зданий».\nРасчет выполнен в соответствии с требованиями СНиП\n23-02-2003 «Тепловая защита зданий».',
  ]);
  assert.equal(supersededNorms.run(context([d])).findings!.length, 1);
});

test('a СНиП standing in or right after the title of the current СП is part of its designation, not a citation', () => {
  const pages = [
    // the predecessor named right after the closed title, bare or in brackets with its amendment
    'Работы вести по СП 70.13330.2012 "Несущие и ограждающие конструкции" СНиП 3.03.01-87 (с Изменением № 3).',
    'Исполнительную документацию вести по СП 45.13330.2017\n«Земляные сооружения, основания и фундаменты» (СНиП 3.02.01-87 (с Изменениями N 1, 2)).',
    // the СП's designation garbled by the designer, the title closed right before the СНиП
    'Монтаж вести по требованиям СНиП 13330.2012 "Несущие и ограждающие конструкции" СНиП 3.03.01-87 (с Изменением № 1).',
    // inside a title still open, with «Актуализированная редакция» after it; the СП number mistyped by the designer
    'Защиту выполнить согласно разделу 5 СП 27.13330.2017 "Защита строительных конструкций от\nкоррозии. СНиП 2.03.11-85 Актуализированная редакция". Способ согласовать.',
  ];
  const d = docFacts(1, 'ar.pdf', 'АР', pages);
  assert.deepEqual(supersededNorms.run(context([d])).findings, []);
});

test('a СНиП after a closed title and a comma or full stop is still a citation', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', ['Работы вести по СП 70.13330.2012 "Несущие и ограждающие конструкции". Приемку вести по СНиП 3.03.01-87.']);
  assert.equal(supersededNorms.run(context([d])).findings!.length, 1);
});

test('replaced product standards in a specification table and in notes are reported; P entries as findings', () => {
  const d = docFacts(1, 'km.pdf', 'КР', [
    'Москва\n2024 г.',
    'Поз. | Наименование | Кол.\n1 | Швеллер 12П ГОСТ 8240-72 / С255 ГОСТ 27772-2015 | 4\n2 | Полоса 4х40 ГОСТ 103-76 | 12',
    'Металлоконструкции окрасить эмалью ПФ-115 (ГОСТ 6465-76) по грунтовке ГФ-021 (ГОСТ 25129-82).',
  ]);
  const cited = supersededNorms
    .run(context([d]))
    .findings!.map((f) => f.norm)
    .sort();
  assert.deepEqual(cited, ['ГОСТ 103-2006', 'ГОСТ 25129-2020', 'ГОСТ 27772-2021', 'ГОСТ 6465-2023', 'ГОСТ 8240-97']);
});

test('a norm counts as replaced only from the day its successor came into force by the successor’s preface', () => {
  // ГОСТ 12730.5-2018, «взамен ГОСТ 12730.5-84», came into force on 01.09.2019 (its preface)
  const d = docFacts(1, 'smeta.pdf', 'ИОС3', ['Водонепроницаемость бетона по ГОСТ 12730.5-84']);
  const [before] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2018-11-20') })).findings!;
  assert.equal(before!.importance, 'minor');
  assert.match(before!.essence, /действовал на дату оценки, но с тех пор заменён с 01\.09\.2019/);
  const [after] = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2019-09-02') })).findings!;
  assert.equal(after!.importance, 'significant');
  assert.match(after!.evidence, /заменён с 01\.09\.2019/);
});

test('where the registry has no date of the change, the finding says so and accuses only past the latest bound', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', ['Окна по ГОСТ 23166-99']);
  const rows = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2025-03-01') })).findings!;
  for (const f of rows) {
    if (f.importance === 'significant') assert.match(f.evidence, /введён в действие с|Дата введения замены в реестре не указана/);
  }
  // a year alone two years after the replacement's designation year: not yet certain, a note
  const e = docFacts(1, 'kr.pdf', 'КР', ['Расчёт по СП 16.13330.2011']);
  for (const year of ['2017', '2018']) {
    const rd: ReferenceDate = { date: `${year}-01-01`, source: 'title_year', docIndex: 1, page: 1, text: year };
    const [f] = supersededNorms.run(context([e], {}, { referenceDate: rd })).findings!;
    assert.ok(f, year);
  }
});

test('the date a document is judged at comes through one function: the set’s for a volume of the design', async () => {
  const { dateOfDocumentForNorms } = await import('./superseded-norms.ts');
  const d = docFacts(1, 'kr.pdf', 'КР', ['СП 16.13330.2011']);
  const ctx = context([d], {}, { referenceDate: gpzu('2016-05-05') });
  assert.equal(dateOfDocumentForNorms(ctx, ctx.docs[0]!), ctx.set.referenceDate);
});

test('a designation inside the name of a price-book item is the book’s wording, not a citation', () => {
  const estimate = docFacts(1, 'ЛСР 02-01-01.pdf', 'СМ', [
    [
      'Локальный сметный расчёт № 02-01-01',
      '5 ФССЦ-23.3.03.06-0012 Трубы стальные с тепловой изоляцией из пенополиуретана в полиэтиленовой оболочке ГОСТ 30732-2006 м 120',
      '6 ФЕР22-01-021-01 Укладка трубопроводов 100 м 1,2',
    ].join('\n'),
  ]);
  assert.deepEqual(supersededNorms.run(context([estimate])).findings, []);
  // the same standard cited by the designer is a citation, in an estimate as anywhere
  const cited = docFacts(1, 'ЛСР 02-01-01.pdf', 'СМ', [
    '6 ФЕР22-01-021-01 Укладка трубопроводов 100 м 1,2; трубы принять по ГОСТ 30732-2006',
    'Изоляцию трубопроводов выполнить по ГОСТ 30732-2006.',
  ]);
  assert.equal(supersededNorms.run(context([cited])).findings!.length, 1);
});

test('a СНиП listed after its СП with another norm between is a citation of its own: each superseded one is named', () => {
  const d = docFacts(1, 'ТЗ на ИГИ.pdf', null, [
    'Изыскания выполнить в соответствии с положениями СП 47.13330.2012, СП 47.13330.2016, СП 11-105-97, СНиП 11-02-96, СП 22.13330.2016.',
  ]);
  const f = supersededNorms.run(context([d], {}, { referenceDate: gpzu('2025-01-15') })).findings!;
  assert.deepEqual(f.map((x) => x.essence.match(/документ (\S+ \S+)/)?.[1]).sort(), ['СНиП 11-02-96', 'СП 47.13330.2012']);
  assert.ok(f.every((x) => x.norm === 'СП 47.13330.2016'));
  // the title of the СП, the СНиП it actualises named inside it, stays no citation
  const title = docFacts(2, 'ИГИ.pdf', null, [
    'СП 47.13330.2016 «Инженерные изыскания для строительства. Основные положения. Актуализированная редакция СНиП 11-02-96»',
  ]);
  assert.deepEqual(supersededNorms.run(context([title], {}, { referenceDate: gpzu('2025-01-15') })).findings, []);
});

test('a decree whose number the text layer cut is recognised by issuer and whole date only, and the evidence says so', () => {
  const run = (text: string) => supersededNorms.run(context([docFacts(1, 'ПОС.pdf', 'ПОС', [text])], {}, { referenceDate: gpzu('2024-11-20') })).findings!;
  const [f, ...rest] = run(
    'Застройщик в составе строительного контроля согласно Постановлению Правительства Российской Федерации от 21 июня 2010 г. N 46 выполняет входной контроль.',
  );
  assert.equal(rest.length, 0);
  assert.match(f!.essence, /ПП РФ от 21\.06\.2010 № 468.*ПП РФ от 21\.10\.2022 № 1431/);
  assert.match(f!.evidence, /номер прочитан как 46 — по дате это № 468/);
  // a number that is not the start of 468, another date, a year alone: not that decree
  assert.deepEqual(run('согласно Постановлению Правительства РФ от 21 июня 2010 г. N 47'), []);
  assert.deepEqual(run('согласно Постановлению Правительства РФ от 22 июня 2010 г. N 46'), []);
  assert.deepEqual(run('согласно Постановлению Правительства РФ от 2010 г. N 46'), []);
  // the number written whole is found as before, with no note
  assert.doesNotMatch(run('согласно Постановлению Правительства РФ от 21.06.2010 № 468')[0]!.evidence, /прочитан/);
});

test('an edition of ПП № 87 cited as older than the amendment in force at the document’s date is a minor finding naming it', () => {
  const text =
    'Нормативные документы: - ППРФ №87 от 16.02.2008 (редакция от 21.12.2020г) - «Состав разделов проектной документации и требования к их содержанию».';
  const run = (t: string, date: string) => supersededNorms.run(context([docFacts(1, 'ИОС1.2.pdf', 'ИОС1', [t])], {}, { referenceDate: gpzu(date) })).findings!;
  const [f, ...rest] = run(text, '2025-03-01');
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /№ 87\) указана редакция от 21\.12\.2020, устаревшая на дату оценки: с 01\.09\.2022 .*ПП РФ от 27\.05\.2022 № 963/);
  // before the amendment came into force the edition cited was the one in force; an edition of the amendment's date is the amended one
  assert.deepEqual(run(text, '2022-06-01'), []);
  assert.deepEqual(run('Постановление Правительства РФ от 16.02.2008 № 87 (в ред. от 27.05.2022)', '2025-03-01'), []);
  // no edition named: nothing to say
  assert.deepEqual(run('ППРФ №87 от 16.02.2008 «О составе разделов проектной документации»', '2025-03-01'), []);
});
