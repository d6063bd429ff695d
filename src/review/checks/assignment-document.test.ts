import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { assignmentSummary, parseDesignAssignment } from '../extract/design-assignment.ts';
import { findPlaceholders, innValid, municipalitiesOf, ogrnValid, sameMunicipality } from '../facts/assignment-form.ts';
import { assignmentDocument } from './assignment-document.ts';
import { implausibleDates } from './implausible-dates.ts';

/** An organisation of the schema's tOrganization: ИНН 7707083893 and ОГРН 1027700132195 have their check digits right. */
const org = (name: string, inn = '7707083893', ogrn = '1027700132195', email = 'info@sberbank.ru') =>
  `<Organization><FullName>${name}</FullName><OGRN>${ogrn}</OGRN><INN>${inn}</INN><KPP>773601001</KPP>
   <Address><RegionCode>42</RegionCode><City>г. Кемерово</City></Address><Email>${email}</Email></Organization>`;

const info = (id: string, type: string, name: string, number: string, date: string, author: string) =>
  `<DocumentInfo Id="${id}" Type="${type}"><Name>${name}</Name><Number>${number}</Number><Date>${date}</Date><AuthorNote>${author}</AuthorNote><WebLink>https://example.ru/${id}</WebLink></DocumentInfo>`;

/** The coal mine's assignment as the issue describes it: dated 10.03.2025, listing ТУ of April–July and a power of attorney of May. */
function mineAssignment(
  o: { date?: string; designerEmail?: string; designerInn?: string; gpzuIssuer?: string; tuDate?: string; poaDate?: string; objectAddress?: string } = {},
) {
  const issuer = o.gpzuIssuer ?? 'Администрация Беловского городского округа';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document TypeCode="05.03" VersionNumber="1" SchemaVersion="01.00" Id="3f2504e0-4f89-11d3-9a0c-0305e82c3301">
  <Requisites><Date>${o.date ?? '2025-03-10'}</Date><Number>ЗП-14</Number></Requisites>
  <Content>
    <DecisionDocuments>
      ${info('d1', '03.02', 'Градостроительный план земельного участка', 'РФ-42-2-04-0-00-2024-0012', '2024-11-20', issuer)}
      ${info('d2', '03.02', 'Градостроительный план земельного участка', 'РФ-42-2-04-0-00-2024-0013', '2024-11-20', issuer)}
      ${info('d3', '04.01', 'Технические условия на подключение к электрическим сетям', '118-ТУ', o.tuDate ?? '2025-04-14', 'ПАО «Россети Сибирь»')}
      ${info('d4', '04.01', 'Технические условия на водоснабжение', '55', '2025-03-10', 'ООО «Водоканал»')}
      ${info('d5', '99.99', 'Доверенность на представление интересов заказчика', '17', o.poaDate ?? '2025-05-06', 'АО «Угольная компания»')}
    </DecisionDocuments>
    <TechnicalCustomer>${org('АО «Угольная компания»')}</TechnicalCustomer>
    <Designers><Designer IsGeneral="true">${org('ООО «Шахтпроект»', o.designerInn ?? '7707083893', '1027700132195', o.designerEmail ?? 'office@shakhtproekt.ru')}</Designer></Designers>
    <Object>
      <Name>Вентиляционный ствол шахты «Листвяжная»</Name>
      ${o.objectAddress ?? '<Address><RegionCode>42</RegionCode><District>Беловский городской округ</District><Settlement>пгт Грамотеино</Settlement></Address>'}
    </Object>
  </Content>
</Document>`;
}

const xmlTask = (xml: string) => {
  const facts = parseDesignAssignment(xml)!;
  const d = docFacts(3, 'Задание на проектирование.xml', null, [assignmentSummary(facts)], { format: 'xml' });
  d.assignmentXml = facts.form;
  return d;
};
const runOn = (...docs: ReturnType<typeof docFacts>[]) => assignmentDocument.run(context(docs));

test('ИНН and ОГРН check digits: organisations and individuals, and a digit changed', () => {
  assert.equal(innValid('7707083893'), true);
  assert.equal(innValid('7707083894'), false);
  assert.equal(innValid('500100732259'), true);
  assert.equal(innValid('500100732258'), false);
  assert.equal(ogrnValid('1027700132195'), true);
  assert.equal(ogrnValid('1027700132196'), false);
  assert.equal(ogrnValid('304500116000157'), true);
  assert.equal(ogrnValid('304500116000158'), false);
});

test('a municipality read from its spellings: г.о., городской округ, the adjective form, a town', () => {
  assert.deepEqual(municipalitiesOf('Московская обл., г.о. Серпухов, ул. Ленина, д. 5'), ['серпухов']);
  assert.deepEqual(municipalitiesOf('Администрация городского округа Серпухов Московской области'), ['серпухов']);
  const adjective = municipalitiesOf('Администрация Серпуховского муниципального района');
  assert.ok(
    adjective.some((a) => sameMunicipality(a, 'серпухов')),
    adjective.join(),
  );
  assert.ok(!municipalitiesOf('Администрация Беловского городского округа').some((a) => sameMunicipality(a, 'серпухов')));
  assert.deepEqual(municipalitiesOf('Министерство жилищной политики Московской области'), []);
});

test('placeholders: a reserved example domain, X runs, a labelled blank, template words; a signature line and a caption are not', () => {
  const kinds = (t: string) => findPlaceholders(t, 1).map((p) => `${p.kind}:${p.raw}`);
  assert.deepEqual(kinds('E-mail: office@example.com, тел. +7 (3842) 45-00-00'), ['example_domain:office@example.com']);
  assert.deepEqual(kinds('Договор № ХХХ от 01.02.2025'), ['letters:ХХХ']);
  assert.deepEqual(kinds('ИНН ____________ КПП 773601001'), ['blank:ИНН ____________']);
  assert.deepEqual(kinds('Срок проектирования: [указать срок]'), ['to_fill:[указать срок]']);
  assert.deepEqual(kinds('Главный инженер ____________ А.В. Соколов «__» ________ 2025 г.'), []);
  assert.deepEqual(kinds('(указывается наименование, почтовый адрес, ОГРН и ИНН)'), []);
  assert.deepEqual(kinds('II класс ответственности, XXI век; info@examples.com'), []);
});

test('the coal mine XML: ТУ and the power of attorney after the assignment are one finding naming each element', () => {
  const out = runOn(xmlTask(mineAssignment()));
  const dates = (out.findings ?? []).filter((f) => /датировано/.test(f.essence));
  assert.equal(dates.length, 1, (out.findings ?? []).map((f) => f.essence).join('\n'));
  const [f] = dates;
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /датировано 10\.03\.2025/);
  assert.match(f!.essence, /ТУ «Технические условия на подключение к электрическим сетям № 118-ТУ от 2025-04-14» от 14\.04\.2025/);
  assert.match(f!.essence, /доверенность .* от 06\.05\.2025/);
  // the ТУ of the assignment's own day and the ГПЗУ of November are not late
  assert.doesNotMatch(f!.essence, /Водоканал|водоснабжение|ГПЗУ/);
  assert.match(f!.evidence, /Content\/DecisionDocuments\/DocumentInfo\[3\]\/Date/);
  assert.match(f!.norm!, /125\/пр/);
  assert.deepEqual(out.questions ?? [], []);
});

test('the placeholder e-mail of the designer is one finding placed on its element; a real e-mail is not', () => {
  const placeholder = (runOn(xmlTask(mineAssignment({ designerEmail: 'office@example.com' }))).findings ?? []).filter((f) => /не заполнен/.test(f.essence));
  assert.equal(placeholder.length, 1);
  assert.match(placeholder[0]!.essence, /«office@example\.com»/);
  assert.match(placeholder[0]!.evidence, /Designers\/Designer\[1\]\/Organization\/Email|Designers\/Designer\/Organization\/Email/);
  const clean = (runOn(xmlTask(mineAssignment({ tuDate: '2025-03-01', poaDate: '2025-02-01' }))).findings ?? []).filter((f) => /не заполнен/.test(f.essence));
  assert.deepEqual(clean, []);
});

test('a designer ИНН whose check digit fails is a finding; the customer with good numbers is not', () => {
  const found = (runOn(xmlTask(mineAssignment({ designerInn: '7707083894', tuDate: '2025-03-01', poaDate: '2025-02-01' }))).findings ?? []).filter((f) =>
    /реквизиты/.test(f.essence),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]!.essence, /проектная организация «ООО «Шахтпроект»».*контрольная цифра ИНН 7707083894 не сходится/);
  assert.match(found[0]!.evidence, /Designer.*Organization/);
});

test('ГПЗУ of another municipality than the object is one question, never a finding; the same one written otherwise is silent', () => {
  const other = runOn(
    xmlTask(mineAssignment({ gpzuIssuer: 'Администрация Прокопьевского муниципального округа', tuDate: '2025-03-01', poaDate: '2025-02-01' })),
  );
  assert.deepEqual(other.findings ?? [], []);
  assert.equal(other.questions?.length, 1);
  assert.match(other.questions![0]!.text, /Прокопьевского муниципального округа/);
  assert.match(other.questions![0]!.text, /DocumentInfo\[1\]/);
  const same = runOn(
    xmlTask(mineAssignment({ gpzuIssuer: 'Администрация Беловского городского округа Кемеровской области', tuDate: '2025-03-01', poaDate: '2025-02-01' })),
  );
  assert.deepEqual(same.questions ?? [], []);
  assert.deepEqual(same.findings ?? [], []);
  // a town named bare in its City element, as the schema's real files write it, is still the object's place
  const bareTown = runOn(
    xmlTask(
      mineAssignment({
        objectAddress: '<Address><RegionCode>42</RegionCode><City>Ленинск-Кузнецкий</City><Street>ул. Шилина</Street><Building>д. 1</Building></Address>',
        gpzuIssuer: 'Начальник отдела архитектуры и градостроительства администрации Беловского муниципального округа',
        tuDate: '2025-03-01',
        poaDate: '2025-02-01',
      }),
    ),
  );
  assert.equal(bareTown.questions?.length, 1);
  assert.match(bareTown.questions![0]!.text, /«г\. Ленинск-Кузнецкий, ул\. Шилина, д\. 1».*Беловского муниципального округа/);
});

/** The numbered rows of the form of приказ № 125/пр as a PDF assignment prints them. */
const FORM_PAGE = (o: { email?: string; inn?: string; tu?: string }) => `УТВЕРЖДАЮ
Генеральный директор АО «Угольная компания» ____________ С.П. Кузнецов
Задание на проектирование объекта капитального строительства
«Административно-бытовой комбинат», Московская обл., г.о. Серпухов, ул. Ворошилова, д. 12
от 10.03.2025
I. Общие данные
1. Основание для проектирования объекта: решение собственника; ГПЗУ № РФ-50-4-70-0-00-2024-1234 от 20.11.2024, выдан Администрацией городского округа Серпухов;
технические условия на водоснабжение № 55 от ${o.tu ?? '10.03.2025'}.
2. Застройщик (технический заказчик): АО «Угольная компания», 142200, Московская обл., г. Серпухов, ул. Советская, д. 1, ОГРН 1027700132195, ИНН 7707083893.
4. Проектная организация: ООО «Шахтпроект», ОГРН 1027700132195, ИНН ${o.inn ?? '7707083893'}, e-mail: ${o.email ?? 'office@shakhtproekt.ru'}.`;

const pdfTask = (text: string) => docFacts(2, 'Задание на проектирование.pdf', null, [text]);

test('a PDF assignment by the rows of its form: a ТУ dated after it, a placeholder e-mail, a broken ИНН; the traps stay silent', () => {
  const clean = runOn(pdfTask(FORM_PAGE({})));
  assert.deepEqual(
    (clean.findings ?? []).map((f) => f.essence),
    [],
  );
  assert.deepEqual(clean.questions ?? [], []);
  const late = runOn(pdfTask(FORM_PAGE({ tu: '14.04.2025' }))).findings ?? [];
  assert.equal(late.length, 1, late.map((f) => f.essence).join('\n'));
  assert.match(late[0]!.essence, /датировано 10\.03\.2025.*14\.04\.2025/);
  assert.equal(late[0]!.places[0]!.page, 1);
  const email = runOn(pdfTask(FORM_PAGE({ email: 'office@example.com' }))).findings ?? [];
  assert.equal(email.length, 1);
  assert.match(email[0]!.evidence, /с\. 1: «office@example\.com»/);
  const inn = runOn(pdfTask(FORM_PAGE({ inn: '7707083894' }))).findings ?? [];
  assert.equal(inn.length, 1);
  assert.match(inn[0]!.essence, /проектная организация.*ИНН 7707083894/);
});

test("a date after the assignment is this check's, not dates.implausible's: one finding per cause", () => {
  const ctx = context([pdfTask(FORM_PAGE({ tu: '14.04.2025' }))]);
  assert.deepEqual(implausibleDates.run(ctx).findings ?? [], []);
});
