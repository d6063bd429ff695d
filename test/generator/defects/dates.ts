/**
 * dates.implausible: a date that cannot be right — a law or decree cited with a date not its own, a cited document dated
 * years ahead, a year typed with its leading zeros («0024»). Clean trap: every set cites the same laws with their own dates
 * (COMMON_NORMS in the lists of norms and in the XML note's UsedNorms).
 */
import { taggedPages } from '../build-doc.ts';
import { modelOf, pickTarget, type SetBuild } from '../set-build.ts';
import type { Rng } from '../rng.ts';
import type { DefectSpec } from '../types.ts';
import type { DefectImpl } from './impl.ts';

const dd = (rng: Rng) => `${String(rng.int(1, 28)).padStart(2, '0')}.${String(rng.int(1, 12)).padStart(2, '0')}`;

/** Each variant: the volumes that would state it, and the sentence with the wrong date. */
const VARIANTS: { sections: string[]; text: (b: SetBuild, rng: Rng) => { text: string; detail: string; importance?: 'minor' } }[] = [
  {
    sections: ['ПЗ', 'КР', 'АР'],
    text: (_b, rng) => {
      const year = rng.pick([2019, 2010, 2012]);
      return {
        text: `Проектные решения соответствуют требованиям Федерального закона от 30.12.${year} № 384-ФЗ «Технический регламент о безопасности зданий и сооружений».`,
        detail: `384-ФЗ с датой 30.12.${year} вместо 30.12.2009`,
      };
    },
  },
  {
    sections: ['ПБ', 'ПЗ'],
    text: (_b, rng) => {
      const date = rng.pick(['22.07.2018', '22.06.2008', '27.07.2008']);
      return {
        text: `Противопожарные мероприятия разработаны в соответствии с Федеральным законом № 123-ФЗ от ${date} «Технический регламент о требованиях пожарной безопасности».`,
        detail: `123-ФЗ с датой ${date} вместо 22.07.2008`,
      };
    },
  },
  {
    sections: ['ПЗ'],
    text: (_b, rng) => {
      const date = rng.pick(['16.02.2018', '16.12.2008', '26.02.2008']);
      return {
        text: `Состав и содержание разделов приняты по постановлению Правительства РФ от ${date} № 87 «О составе разделов проектной документации и требованиях к их содержанию».`,
        detail: `ПП № 87 с датой ${date} вместо 16.02.2008`,
      };
    },
  },
  {
    sections: ['ПЗ', 'ПЗУ', 'КР'],
    text: (b, rng) => {
      const date = `${dd(rng)}.00${String((b.set.year - 1) % 100).padStart(2, '0')}`;
      return {
        text: `Инженерно-геологические изыскания выполнены по договору № ${rng.int(10, 99)}/ИГИ от ${date}; технический отчет передан заказчику.`,
        detail: `год договора на изыскания набран как «${date.slice(-4)}»`,
      };
    },
  },
  {
    sections: ['ПЗ', 'ПОС', 'ООС'],
    text: (b, rng) => {
      // years ahead of any run of the measurement: a date not yet come (later, still after the volume's own date)
      const date = `${dd(rng)}.${b.set.year + rng.int(6, 9)}`;
      return {
        text: `Проектная документация разработана на основании задания на проектирование от ${date}, утвержденного заказчиком.`,
        detail: `задание на проектирование датировано ${date}`,
      };
    },
  },
  {
    // a ministry's order cited with a year not its own: minor (the method followed, not the legal basis)
    sections: ['ПЗ'],
    text: (_b, rng) => {
      const date = rng.pick(['2 октября 2016 г.', '02.10.2018', '2 октября 2014 г.']);
      return {
        text: `Цены материалов, отсутствующих в сметных нормативах, приняты по мониторингу цен поставщиков согласно Методическим рекомендациям по применению методов определения начальной (максимальной) цены контракта, цены контракта, заключаемого с единственным поставщиком (подрядчиком, исполнителем), утвержденным Приказом Минэкономразвития России от ${date} № 567.`,
        detail: `приказ Минэкономразвития № 567 с датой ${date} вместо 02.10.2013`,
        importance: 'minor',
      };
    },
  },
];

export const implausibleDate: DefectImpl = {
  variants: VARIANTS.length,
  afterPlans(b: SetBuild, d: DefectSpec, v: number, rng: Rng) {
    const variant = VARIANTS[v % VARIANTS.length]!;
    const plan = pickTarget(b, rng, variant.sections, d.format);
    const { text, detail, importance } = variant.text(b, rng);
    const tag = `planted:date:${b.planted.length}:${v}`;
    b.contentHooks.push({
      code: plan.code,
      mutate: (c) => {
        const at = rng.int(Math.min(2, c.text.length), Math.max(2, c.text.length - 3));
        c.text.splice(at, 0, { t: 'p', text, tags: [tag] });
      },
    });
    b.modelHooks.push(() => {
      const pages = taggedPages(modelOf(b, plan.code), tag);
      if (pages.length === 0) throw new Error('planted date lost');
      b.planted.push({
        kind: 'dates.implausible',
        docName: plan.fileName,
        page: pages[0] as number,
        altPages: pages.slice(1),
        detail,
        ...(importance ? { importance } : {}),
      });
    });
  },
};
