/**
 * assignment.requirements: the set breaks a requirement of its design assignment — the total area or the storeys over the
 * assignment's limit, or the building area below the assignment's minimum (significant, as every finding of the check).
 * consistency.capacity: the object is named with its boiler-house's capacity, and one volume names another capacity.
 */
import { brokenCheckDigit, metAssignment } from '../design-assignment.ts';
import { plural, ruNumber } from '../format.ts';
import type { DocModel } from '../model.ts';
import { modelOf, type SetBuild } from '../set-build.ts';
import type { DefectImpl } from './impl.ts';
import { recordPages, target } from './consistency.ts';

function assignmentOf(b: SetBuild) {
  b.assignment ??= metAssignment(b.set);
  return b.assignment;
}

export const assignmentExceeded: DefectImpl = {
  variants: 3,
  afterPlans(b, d, v, rng) {
    const a = assignmentOf(b);
    if (v % 3 === 0) {
      const plan = target(b, rng, d, ['ПЗ', 'АР'], 0);
      a.maxArea = Math.floor((plan.facts.tep.totalArea * rng.pick([0.9, 0.95, 0.98])) / 100) * 100;
      recordPages(
        b,
        'assignment.requirements',
        plan,
        ['fact:area'],
        `общая площадь ${ruNumber(plan.facts.tep.totalArea, 1)} м² при ограничении задания «не более ${a.maxArea}»`,
      );
    } else if (v % 3 === 1) {
      const plan = target(b, rng, d, ['АР', 'ПЗ'], 0);
      a.maxStoreys = plan.facts.tep.storeys - rng.pick([1, 2]);
      // the volume states the этажность the assignment limits: a count of floors alone («Число этажей — 9») may hold an
      // underground floor, and the check rightly holds only storeys to a limit of storeys
      b.modelHooks.push(() => statesStoreys(modelOf(b, plan.code), plan.facts.tep.storeys));
      recordPages(
        b,
        'assignment.requirements',
        plan,
        ['fact:storeys'],
        `этажность ${plan.facts.tep.storeys} при ограничении задания «не более ${a.maxStoreys} этажей»`,
      );
    } else {
      const plan = target(b, rng, d, ['ПЗУ', 'АР', 'ПЗ'], 0);
      a.minBuiltArea = Math.ceil((plan.facts.tep.builtArea * rng.pick([1.1, 1.2])) / 10) * 10;
      recordPages(
        b,
        'assignment.requirements',
        plan,
        ['fact:builtArea'],
        `площадь застройки ${ruNumber(plan.facts.tep.builtArea, 1)} м² при требовании задания «не менее ${a.minBuiltArea}»`,
      );
    }
  },
};

const ASSIGNMENT_FILE = 'Задание на проектирование.xml';

/**
 * assignment.document: the design assignment judged as a document — a ТУ or a power of attorney it lists dated after it,
 * the designer's e-mail a placeholder of a reserved example domain, the designer's ИНН with its check digit broken. Traps
 * in every assignment: a ТУ of the assignment's own day, the customer's real e-mail and good numbers, the ГПЗУ issued by
 * the object's own municipality written otherwise than its address («г.о.», «городского округа»).
 */
export const assignmentDocument: DefectImpl = {
  variants: 4,
  afterPlans(b, _d, v, rng) {
    const a = assignmentOf(b);
    const later = (days: number) => {
      const d = new Date(`${a.date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    let detail: string;
    if (v === 0) {
      const date = later(rng.int(10, 40));
      a.listed.push({
        type: '04.01',
        name: 'Технические условия на подключение к сетям водоснабжения',
        number: `${rng.int(100, 999)}-В`,
        date,
        issuer: 'АО «Водоканал»',
      });
      detail = `ТУ от ${date} в задании от ${a.date}`;
    } else if (v === 1) {
      a.designer = { ...a.designer, email: rng.pick(['office@example.com', 'gip@example.org', 'info@example.com']) };
      detail = `e-mail проектировщика ${a.designer.email}`;
    } else if (v === 2) {
      a.designer = { ...a.designer, inn: brokenCheckDigit(a.designer.inn) };
      detail = `ИНН проектировщика ${a.designer.inn} с неверной контрольной цифрой`;
    } else {
      const date = later(rng.int(5, 60));
      a.listed.push({
        type: '99.99',
        name: 'Доверенность на представление интересов застройщика',
        number: String(rng.int(1, 99)),
        date,
        issuer: a.customer.name,
      });
      detail = `доверенность от ${date} в задании от ${a.date}`;
    }
    b.planted.push({ kind: 'assignment.document', docName: ASSIGNMENT_FILE, page: 1, detail, importance: 'significant' });
  },
};

export const capacity: DefectImpl = {
  variants: 3,
  beforePlans(b, _d, v) {
    if (v === 2) {
      // a house with a kindergarten built in: ПЗ and АР state its places
      b.set.kindergarten ??= 60;
      return;
    }
    const mw = v % 2 === 0 ? 1.2 : 2.5;
    b.set.objectName = `${b.set.objectName} со ${v % 2 === 0 ? 'встроенной' : 'крышной'} котельной ${ruNumber(mw, 1)} МВт`;
    // a trap beside the defect: ПЗ states the capacity in MW, ИОС4 in Гкал/ч (1,2 МВт = 1,032 Гкал/ч, the same capacity)
    b.set.boilerMw = mw;
  },
  afterPlans(b, d, v, rng) {
    if (v === 2) {
      const plan = target(b, rng, d, ['АР', 'ПЗ'], 0);
      const before = plan.facts.kindergarten!;
      plan.facts.kindergarten = before + rng.pick([-20, 10, 20]);
      recordPages(b, 'consistency.capacity', plan, ['fact:kindergarten'], `детский сад на ${plan.facts.kindergarten} мест вместо ${before}`);
      return;
    }
    // the ПЗ repeats the name in its text too: a volume whose every title block carries it is the one to rename
    const plan = target(b, rng, d, ['АР', 'ПОС', 'КР', 'ИОС4', 'ПБ'], v);
    const from = /котельной (\d+,\d) МВт/.exec(b.set.objectName)![1]!;
    const to = ruNumber(Number(from.replace(',', '.')) + 0.1, 1);
    const rename = (s: string) => s.replace(`котельной ${from} МВт`, `котельной ${to} МВт`);
    b.modelHooks.push(() => {
      for (const pg of modelOf(b, plan.code).pages) {
        if (pg.title) pg.title = { ...pg.title, objectName: rename(pg.title.objectName) };
        if (pg.stamp) pg.stamp = { ...pg.stamp, objectName: rename(pg.stamp.objectName) };
      }
    });
    recordPages(b, 'consistency.capacity', plan, [], `котельная ${to} МВт в наименовании объекта вместо ${from} МВт`, (total) =>
      Array.from({ length: total }, (_, i) => i + 1),
    );
  },
};

/** The volume's storeys sentence says «Этажность»: a sentence giving only the number of floors is written as storeys. */
function statesStoreys(m: DocModel, storeys: number): void {
  for (const pg of m.pages)
    for (const block of pg.blocks)
      if (block.t === 'p' && block.tags?.includes('fact:storeys') && !/этажност|этажн(?:ый|ого)|надземн/iu.test(block.text))
        block.text = `Этажность здания — ${storeys} ${plural(storeys, 'этаж', 'этажа', 'этажей')}.`;
}

/**
 * consistency.functions_class: the XML note gives another object's code of functional purpose than the design
 * assignment sets (its last group changed); an assignment giving only the group of the note's code is a trap of the clean sets.
 */
export const functionsClass: DefectImpl = {
  variants: 1,
  afterPlans(b, _d, _v, rng) {
    const a = assignmentOf(b);
    b.withXml = true;
    b.xmlHooks.push((x) => {
      const [group, last] = [x.functionsClass.split('.').slice(0, 3).join('.'), Number(x.functionsClass.split('.')[3] ?? 1)];
      a.functionsClass = `${group}.${last}`;
      x.functionsClass = `${group}.${last + rng.pick([1, 2, 3])}`;
      b.planted.push({
        kind: 'consistency.functions_class',
        docName: '',
        page: null,
        detail: `XML: FunctionsClass ${x.functionsClass} вместо ${a.functionsClass} по заданию на проектирование`,
      });
    });
  },
};
