/**
 * The XSD 1.1 assertions (xs:assert) of the design-assignment schemas that matter to an expert, evaluated by the review
 * itself: libxml2 validates XSD 1.0 and cannot compile them. Each rule names the assertions it stands for by their test
 * (`covers`); the others are named in a warning as not evaluated.
 */
import type { XmlDocument, XmlElement, XmlNode } from 'libxml2-wasm';
import type { MinstroyDocument, Violation } from './xml-schema-messages.ts';

export interface OwnAssertion {
  document: MinstroyDocument;
  /** Matches the test of every schema assertion the rule evaluates. */
  covers: RegExp;
  check(doc: XmlDocument): Violation[];
}

/** «Document/Content/Object/Stages/Stage[2]»: the path of an element, repeated siblings with their 1-based index. */
export function elementPath(el: XmlElement): string {
  const parts: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const total = Number(e.eval(`count(../${e.name})`));
    const before = Number(e.eval(`count(preceding-sibling::${e.name})`));
    parts.unshift(total > 1 ? `${e.name}[${before + 1}]` : e.name);
  }
  return parts.join('/');
}

const elements = (doc: XmlDocument, xpath: string) => doc.find(xpath).filter((n: XmlNode): n is XmlElement => 'attrs' in n);
const text = (el: XmlElement, xpath: string) => String(el.eval(`string(${xpath})`)).trim();
const violation = (el: XmlElement, message: string): Violation => ({
  path: elementPath(el),
  line: el.line,
  kind: 'assertion',
  importance: 'significant',
  text: message,
});
/** The date part of an xs:date («2025-03-01+03:00»), or null when it is not one. */
const dateOf = (s: string) => (/^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null);
const ru = (iso: string) => iso.split('-').reverse().join('.');

const DATE_NAMES: Record<string, string> = { BeginDate: 'начала строительства', EndDate: 'окончания строительства', OperationDate: 'ввода в эксплуатацию' };
const DATE_ORDER = [
  ['BeginDate', 'EndDate'],
  ['BeginDate', 'OperationDate'],
  ['EndDate', 'OperationDate'],
] as const;

export const ownAssertions: OwnAssertion[] = [
  {
    document: 'DesignAssignment',
    // tDocument: the version number is one more than the previous versions listed
    covers: /@VersionNumber/,
    check(doc) {
      return elements(doc, '/Document').flatMap((el) => {
        const n = Number(el.attr('VersionNumber')?.value);
        const previous = Number(el.eval('count(Versions/Version)'));
        if (!Number.isInteger(n) || (n === 1 ? previous === 0 : n === previous + 1)) return [];
        return [
          violation(
            el,
            `номер версии документа (VersionNumber = ${n}) не согласован с перечнем предыдущих версий (Versions/Version: ${previous}); номер должен быть на единицу больше их числа`,
          ),
        ];
      });
    },
  },
  {
    document: 'DesignAssignment',
    // tRequisites/Authors: someone approves the assignment (code 1 in 01.00, «Утверждено» in 01.01)
    covers: /@FunctionalRole = /,
    check(doc) {
      return elements(doc, '/Document/Requisites/Authors')
        .filter((el) => Number(el.eval(`count(.//*[@FunctionalRole = '1' or @FunctionalRole = 'Утверждено'])`)) === 0)
        .map((el) => violation(el, 'не указан подписант, утверждающий задание на проектирование (функциональная роль «Утверждено»)'));
    },
  },
  {
    document: 'DesignAssignment',
    // tContent: the developer or the technical customer is named
    covers: /Developers or TechnicalCustomer/,
    check(doc) {
      return elements(doc, '/Document/Content[not(Developers or TechnicalCustomer or TechnicalCustomers)]').map((el) =>
        violation(el, 'не указаны ни застройщик (Developers), ни технический заказчик (TechnicalCustomers)'),
      );
    },
  },
  {
    document: 'DesignAssignment',
    // tStage (child elements), tObject and tOKS (attributes): construction begins before it ends and before operation
    covers: /BeginDate|EndDate|OperationDate/,
    check(doc) {
      const out: Violation[] = [];
      const judge = (el: XmlElement, read: (name: string) => string, where: string) => {
        for (const [a, b] of DATE_ORDER) {
          const x = dateOf(read(a));
          const y = dateOf(read(b));
          if (x && y && x > y) out.push(violation(el, `дата ${DATE_NAMES[a]} (${ru(x)}) позже даты ${DATE_NAMES[b]} (${ru(y)})${where}`));
        }
      };
      for (const el of elements(doc, '//Stage')) judge(el, (n) => text(el, n), ' в описании этапа строительства');
      for (const el of elements(doc, '//Object | //OKS')) judge(el, (n) => el.attr(n)?.value ?? '', '');
      return out;
    },
  },
  {
    document: 'DesignAssignment',
    // tFinanceSources: the shares of financing add up to no more than 100 %, and 100 % leaves no source without a share
    covers: /Ratio/,
    check(doc) {
      return elements(doc, '//FinanceSources').flatMap((el) => {
        const sum = Number(el.eval('sum(.//Ratio)'));
        if (Number.isNaN(sum)) return [];
        if (sum > 100) return [violation(el, `сумма долей финансирования (Ratio) составляет ${sum} % — больше 100 %`)];
        const shares = Number(el.eval('count(.//Ratio)'));
        const sources = Number(el.eval('count(Budget | StateCustomer | Private)'));
        if (sum === 100 && shares !== sources)
          return [violation(el, `доли финансирования в сумме дают 100 %, но указаны не для всех источников (долей ${shares}, источников ${sources})`)];
        return [];
      });
    },
  },
  {
    document: 'DesignAssignment',
    // tObject, tOKS: the list of sections is that of the object's kind (1 — производственный, 2 — непроизводственный, 3 — линейный)
    covers: /ObjectType = 1 and ProjectDocuments\/IndustrialObject/,
    check(doc) {
      const kinds: Record<string, string> = { '1': 'IndustrialObject', '2': 'NotIndustrialObject', '3': 'LinearObject' };
      return elements(doc, '//Object[ObjectType] | //OKS[ObjectType]').flatMap((el) => {
        const type = text(el, 'ObjectType');
        const present = Object.values(kinds).filter((k) => Number(el.eval(`count(ProjectDocuments/${k})`)) > 0);
        // 01.00 demands the list of sections of the object itself; 01.01 only that a list given fits the kind
        const demanded = el.name === 'Object' && doc.root.attr('SchemaVersion')?.value === '01.00';
        if (!kinds[type] || present.includes(kinds[type]!)) return [];
        if (!present.length && !demanded) return [];
        return [
          violation(
            el,
            `перечень разделов проектной документации (ProjectDocuments/${present.join(', ')}) не соответствует виду объекта (ObjectType = ${type}, требуется ${kinds[type]})`,
          ),
        ];
      });
    },
  },
  {
    document: 'DesignAssignment',
    // tObject: a building has an address, a linear object its start and end addresses
    covers: /and Address\) or \(ObjectType = 3 and BeginAddress\)/,
    check(doc) {
      return elements(doc, '//Object[ObjectType]').flatMap((el) => {
        const type = text(el, 'ObjectType');
        if ((type === '1' || type === '2') && Number(el.eval('count(Address)')) === 0)
          return [violation(el, `не указан адрес объекта (Address), обязательный для производственного и непроизводственного объекта (ObjectType = ${type})`)];
        if (type === '3' && Number(el.eval('count(BeginAddress)')) === 0) return [violation(el, 'не указан начальный адрес линейного объекта (BeginAddress)')];
        return [];
      });
    },
  },
  {
    document: 'ExplanatoryNote',
    // 01.04, tNonIndustrialObject: a residential building (ОКС codes 01.02.001.002–006) states its energy-efficiency class
    covers: /EnergyEfficiency/,
    check(doc) {
      const residential = ['01.02.001.002', '01.02.001.003', '01.02.001.004', '01.02.001.005', '01.02.001.006'];
      // from 01.05 on the schema itself makes EnergyEfficiency mandatory
      if (doc.root.attr('SchemaVersion')?.value !== '01.04') return [];
      return elements(doc, '/ExplanatoryNote/NonIndustrialObject[not(EnergyEfficiency)]')
        .filter((el) => residential.some((c) => text(el, 'Functions/FunctionsClass') === c || text(el, 'Functions/FunctionClass') === c))
        .map((el) => violation(el, 'для жилого здания не указан класс энергетической эффективности (EnergyEfficiency)'));
    },
  },
];
