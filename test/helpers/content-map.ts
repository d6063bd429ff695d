/**
 * A content map as a published result carries it (`content_map`, src/kernel/result.ts), for the tests of its
 * publication: the API's schema, the reports' appendix and the cabinet's checklist. Synthetic: two volumes of a set
 * prepared before 01.09.2022 (ПП РФ № 87 in the edition of 09.04.2021, п. 10 and п. 12), every status present, one
 * item not found raised as a question, one as a finding.
 */
import type { PageRef, PublishedContentItem, PublishedContentVolume, Question } from '../../src/kernel/result.ts';

/** Where a volume lies in the set: its document, the running page of its first page, its cipher and section. */
export interface VolumePlace {
  doc_index: number;
  /** Running page of the volume's first page in the set. */
  page_from: number;
  cipher: string;
  kind: string;
}

const SOURCE = 'ПП № 87 ред. 09.04.2021';

/** A page of the volume with its sheet, captioned as the review captions a page whose title block was read. */
export function sheetRef(v: VolumePlace, docPage: number, sheet: number): PageRef {
  const page = v.page_from + docPage - 1;
  return {
    page,
    in_docset: true,
    kind: v.kind,
    doc_index: v.doc_index,
    doc_page: docPage,
    label: `лист ${sheet} тома ${v.cipher} (стр. ${page})`,
    sheet: String(sheet),
    cipher: v.cipher,
  };
}

type ItemText = Pick<PublishedContentItem, 'point' | 'letter' | 'part' | 'requirement'>;

function item(text: ItemText, over: Partial<PublishedContentItem>): PublishedContentItem {
  return {
    id: `2021:${text.point}:${text.letter ?? ''}`,
    ...text,
    source: SOURCE,
    status: 'found',
    page: null,
    sheet: null,
    evidence_kind: null,
    evidence: null,
    reason: null,
    raised: null,
    ...over,
  };
}

function found(v: VolumePlace, text: ItemText, docPage: number, sheet: number, kind: PublishedContentItem['evidence_kind'], evidence: string) {
  return item(text, { status: 'found', page: sheetRef(v, docPage, sheet), sheet, evidence_kind: kind, evidence });
}

function volume(v: VolumePlace, reading: PublishedContentVolume['reading'], items: PublishedContentItem[]): PublishedContentVolume {
  const count = (status: PublishedContentItem['status']) => items.filter((i) => i.status === status).length;
  return {
    doc_index: v.doc_index,
    section: v.kind,
    edition: 'before_2022_09_01',
    reading,
    counts: { found: count('found'), not_found: count('not_found'), not_applicable: count('not_applicable'), conditional: count('conditional') },
    items,
  };
}

/** The question the review asks for the ПЗУ item it did not find (п. 12 «ж»). */
export function contentQuestion(questionId: string, n: number): Question {
  return {
    n,
    question_id: questionId,
    section: 'ПЗУ',
    text: 'Не найдены сведения по п. 12 «ж» Положения: описание решений по благоустройству территории; укажите лист.',
    reason: 'Пункт 12 «ж» Положения о составе разделов проектной документации (ПП РФ № 87); том прочитан не полностью.',
    pages: [],
  };
}

/**
 * The map of a ПЗ and a ПЗУ volume. In ПЗ: «2021:10:б» found on sheet 3 by the volume's contents, п. 10 «д» not
 * applicable to a non-production object, п. 10 «н» conditional, п. 10 «т» not found and raised as `findingId`; in
 * ПЗУ (read in part): п. 12 «ж» not found and asked as `questionId`, the site plan found on a drawing.
 */
export function makeContentMap(pz: VolumePlace, pzu: VolumePlace, raised: { questionId: string; findingId: string }): PublishedContentVolume[] {
  return [
    volume(pz, 'whole', [
      found(
        pz,
        {
          point: '10',
          letter: 'а',
          part: 'text',
          requirement: 'реквизиты одного из документов, на основании которого принято решение о разработке проектной документации',
        },
        2,
        2,
        'heading',
        '1. Основание для разработки проектной документации',
      ),
      found(
        pz,
        {
          point: '10',
          letter: 'б',
          part: 'text',
          requirement: 'исходные данные и условия для подготовки проектной документации на объект капитального строительства',
        },
        3,
        3,
        'contents',
        '2. Исходные данные и условия для подготовки проектной документации',
      ),
      found(
        pz,
        { point: '10', letter: 'м', part: 'text', requirement: 'технико-экономические показатели проектируемых объектов капитального строительства' },
        6,
        6,
        'text',
        'Технико-экономические показатели: площадь застройки — 1 245,0 м², общая площадь здания — 8 930,4 м²',
      ),
      item(
        { point: '10', letter: 'д', part: 'text', requirement: 'данные о проектной мощности объекта капитального строительства' },
        { status: 'not_applicable', reason: 'Применяется к объектам производственного назначения; объект — многоквартирный жилой дом' },
      ),
      item(
        {
          point: '10',
          letter: 'н',
          part: 'text',
          requirement: 'сведения о наличии разработанных и согласованных специальных технических условий',
        },
        { status: 'conditional', reason: 'Применяется, если разрабатывались специальные технические условия; комплект этого не устанавливает' },
      ),
      item(
        {
          point: '10',
          letter: 'т',
          part: 'text',
          requirement: 'заверение проектной организации о том, что проектная документация разработана в соответствии с заданием на проектирование',
        },
        { status: 'not_found', raised: { kind: 'finding', id: raised.findingId } },
      ),
    ]),
    volume(pzu, 'partial', [
      found(
        pzu,
        {
          point: '12',
          letter: 'а',
          part: 'text',
          requirement: 'характеристику земельного участка, предоставленного для размещения объекта капитального строительства',
        },
        2,
        2,
        'heading',
        '1. Характеристика земельного участка',
      ),
      item(
        { point: '12', letter: 'ж', part: 'text', requirement: 'описание решений по благоустройству территории' },
        { status: 'not_found', raised: { kind: 'question', id: raised.questionId } },
      ),
      item(
        {
          point: '12',
          letter: 'з',
          part: 'text',
          requirement: 'зонирование территории земельного участка, обоснование функционального назначения и принципиальной схемы размещения зон',
        },
        { status: 'not_applicable', reason: 'Для объектов производственного назначения; объект непроизводственного назначения' },
      ),
      found(
        pzu,
        { point: '12', letter: 'м', part: 'graphic', requirement: 'схему планировочной организации земельного участка' },
        4,
        4,
        'drawings',
        'Схема планировочной организации земельного участка. М 1:500',
      ),
    ]),
  ];
}
