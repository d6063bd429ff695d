/** consistency.*: one document states a key fact of the object differently from the rest of the set. */
import type { Rng } from '../rng.ts';
import type { DocPlan } from '../build-doc.ts';
import { taggedPages } from '../build-doc.ts';
import { modelOf, pickTarget, type SetBuild } from '../set-build.ts';
import type { CheckId, DefectSpec } from '../types.ts';
import type { DefectImpl } from './impl.ts';
import { ruNumber } from '../format.ts';

/** Records the pages of the target that state the changed fact, once pages are known. */
export function recordPages(
  b: SetBuild,
  kind: CheckId,
  plan: DocPlan,
  tags: string[],
  detail: string,
  extraPages: (total: number) => number[] = () => [],
  question?: boolean,
): void {
  b.modelHooks.push(() => {
    const m = modelOf(b, plan.code);
    const pages = [...new Set([...tags.flatMap((t) => taggedPages(m, t)), ...extraPages(m.pages.length)])].sort((x, y) => x - y);
    if (pages.length === 0) throw new Error(`${kind}: ${plan.code} does not state the fact`);
    b.planted.push({
      kind,
      docName: plan.fileName,
      page: pages[0] as number,
      altPages: pages.slice(1),
      detail,
      ...(question ? { question: true as const } : {}),
    });
  });
}

export function target(b: SetBuild, rng: Rng, d: DefectSpec, candidates: string[], variant: number): DocPlan {
  // The variant rotates the preferred document so instances of a kind land in different sections.
  const present = candidates.filter((c) => b.plans.some((p) => p.code === c));
  const rotated = [...present.slice(variant % Math.max(1, present.length)), ...present.slice(0, variant % Math.max(1, present.length))];
  return pickTarget(b, rng, rotated.slice(0, 2).length ? rotated.slice(0, 2) : candidates, d.format);
}

/** Pages showing the object name with the address (title page and drawing title blocks) when the style prints it. */
function addressOnTitlePages(b: SetBuild, plan: DocPlan): (total: number) => number[] {
  return () => {
    if (!b.style.addressOnTitle) return [];
    const m = modelOf(b, plan.code);
    return m.pages.flatMap((pg, i) => (pg.title || pg.stamp?.form === 3 ? [i + 1] : []));
  };
}

export const address: DefectImpl = {
  variants: 7,
  beforePlans(b, _d, v) {
    // the object is a land plot with no house yet: every volume gives its plot's number, in its own words
    if (v % 7 === 6) {
      b.set.address.plot = true;
      b.set.address.building = null;
    }
  },
  afterPlans(b, d, v, rng) {
    if (v % 7 === 5) {
      // The task's object address differs from the documents.
      const wrong = `${b.objectAddress.replace(/(\d+)(?!.*\d)/, (n) => String(Number(n) + rng.int(2, 9)))}`;
      b.objectAddress = wrong;
      b.planted.push({ kind: 'consistency.address', docName: '', page: null, detail: `адрес в задании «${wrong}» не совпадает с адресом в документах` });
      return;
    }
    const candidates = b.style.addressOnTitle ? ['ПЗУ', 'ПОС', 'ООС', 'ПЗ', 'АР', 'КР', 'ПБ'] : ['ПЗУ', 'ПОС', 'ООС', 'ПЗ'];
    const plan = target(b, rng, d, candidates, v);
    const a = plan.facts.address;
    const before = `${a.street}, ${a.house}${a.building ? ` корп. ${a.building}` : ''}`;
    const typeBefore = a.streetType;
    if (v % 7 === 6) {
      const plotBefore = a.house;
      a.house = String(Number(a.house) + rng.pick([1, 2, 10]));
      recordPages(b, 'consistency.address', plan, ['fact:address'], `номер земельного участка ${a.house} вместо ${plotBefore}`, addressOnTitlePages(b, plan));
      return;
    }
    switch (v % 7) {
      case 0:
        a.house = String(Number(a.house) + rng.pick([1, 2, 10]));
        break;
      case 1:
        a.street = rng.pick(['Садовническая', 'Лесопарковая', 'Строительная', 'Энтузиастов', 'Полевая'].filter((s) => s !== a.street));
        break;
      case 2:
        a.building = a.building ? String(Number(a.building) + 1) : String(rng.int(2, 4));
        break;
      case 3:
        a.house = `${a.house}${rng.pick(['А', 'Б'])}`;
        break;
      default:
        a.streetType = rng.pick((['ул.', 'пр-т', 'пер.', 'б-р'] as const).filter((t) => t !== a.streetType));
        break;
    }
    const after = `${a.streetType === typeBefore ? '' : `${a.streetType} `}${a.street}, ${a.house}${a.building ? ` корп. ${a.building}` : ''}`;
    recordPages(b, 'consistency.address', plan, ['fact:address'], `адрес «${after}» вместо «${before}»`, addressOnTitlePages(b, plan));
  },
};

export const cadastral: DefectImpl = {
  variants: 4,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['ПЗУ', 'ПОС', 'ПЗ'], v);
    const parts = plan.facts.cadastral.split(':');
    const before = plan.facts.cadastral;
    switch (v % 4) {
      // another plot, never the number with two digits transposed (that is variant 3's question)
      case 0: {
        parts[3] = String(Number(parts[3]) + rng.int(1, 9));
        if (parts.join(':') === transposedCadastral(before)) parts[3] = String(Number(parts[3]) + 1);
        break;
      }
      case 1: {
        const q = parts[2] as string;
        let tail = String(rng.int(10, 99));
        if (tail === `${q.at(-1)}${q.at(-2)}` || tail === q.slice(-2)) tail = String(((Number(tail) + 11) % 90) + 10);
        parts[2] = q.slice(0, -2) + tail;
        break;
      }
      case 2:
        parts[1] = String((Number(parts[1]) % 12) + 1).padStart(2, '0');
        break;
      default:
        // two digits transposed: a question naming both numbers, not a finding (which is right is not known)
        parts[3] = transposedCadastral(before).split(':')[3] as string;
    }
    plan.facts.cadastral = parts.join(':');
    if (plan.facts.cadastral === before) plan.facts.cadastral = `${before}1`;
    const transposed = plan.facts.cadastral === transposedCadastral(before) && transposedCadastral(before) !== `${before}0`;
    recordPages(
      b,
      'consistency.cadastral_number',
      plan,
      ['fact:cadastral'],
      `кадастровый номер ${plan.facts.cadastral} вместо ${before}`,
      undefined,
      transposed,
    );
  },
};

/**
 * The number with two neighbouring digits of its parcel swapped (the last pair that differs: …:145 → …:154); a parcel of
 * one repeated digit has no transposition and gets a «0» added instead (another plot).
 */
export function transposedCadastral(n: string): string {
  const parts = n.split(':');
  const s = parts[3] as string;
  for (let i = s.length - 2; i >= 0; i--)
    if (s[i] !== s[i + 1]) {
      parts[3] = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
      return parts.join(':');
    }
  parts[3] = `${s}0`;
  return parts.join(':');
}

export const storeys: DefectImpl = {
  variants: 7,
  afterPlans(b, d, v, rng) {
    // variant 6: a volume stating its storeys only as «Здание — N надземных этажа», against the rest's этажность
    const plan = v === 6 ? target(b, rng, d, ['ПОС', 'ТБЭ', 'ПБ'], 0) : target(b, rng, d, ['АР', 'ПБ', 'КР', 'КР1', 'ПОС', 'ТБЭ', 'ПЗ'], v);
    const t = plan.facts.tep;
    if (v === 6) t.phrase = 'above_ground';
    const before = t.storeys;
    t.storeys = before + (before > 6 ? rng.pick([2, 3, -2]) : rng.pick([2, 3]));
    recordPages(b, 'consistency.storeys', plan, ['fact:storeys'], `этажность ${t.storeys} (этажей ${t.storeys + t.underground}) вместо ${before}`);
  },
};

export const area: DefectImpl = {
  variants: 8,
  afterPlans(b, d, v, rng) {
    const stated = { plot: ['ПЗУ', 'ПЗ'], total: ['АР', 'ПЗ'], built: ['ПЗУ', 'АР', 'ПЗ'] } as const;
    const wanted = v >= 6 ? 'plot' : v % 2 === 0 ? 'total' : 'built';
    // a figure one volume alone states has no other volume to disagree with (the XML note's TEI is the note's own check):
    // in a set without АР or ПЗУ the building area, stated by the remaining two, is changed instead
    const which = stated[wanted].filter((c) => b.plans.some((p) => p.code === c)).length >= 2 ? wanted : 'built';
    if (which === 'plot') {
      // the plot's area in ПЗУ or ПЗ (its text, its ТЭП table and, in ПЗ, the figure rounded to hectares)
      const plan = target(b, rng, d, v === 6 ? ['ПЗУ', 'ПЗ'] : ['ПЗ', 'ПЗУ'], 0);
      const t = plan.facts.tep;
      const before = t.plotArea;
      t.plotArea = Math.round(before * rng.pick([0.88, 0.92, 1.07, 1.1]));
      recordPages(b, 'consistency.area', plan, ['fact:plotArea'], `площадь земельного участка ${ruNumber(t.plotArea, 0)} вместо ${ruNumber(before, 0)}`);
      return;
    }
    const total = which === 'total';
    const plan = target(b, rng, d, [...stated[which]], v >> 1);
    const t = plan.facts.tep;
    const key = total ? 'totalArea' : 'builtArea';
    const before = t[key];
    const factor = rng.pick([0.9, 0.94, 1.06, 1.12]);
    t[key] = Math.round(before * factor * 10) / 10;
    const name = total ? 'общая площадь' : 'площадь застройки';
    recordPages(b, 'consistency.area', plan, [total ? 'fact:area' : 'fact:builtArea'], `${name} ${ruNumber(t[key], 1)} вместо ${ruNumber(before, 1)}`);
  },
};

export const buildingVolume: DefectImpl = {
  variants: 4,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['АР', 'ПОС', 'ИОС4', 'ПЗ'], v);
    const t = plan.facts.tep;
    const before = t.volume;
    t.volume = Math.round(before * rng.pick([0.85, 0.92, 1.08, 1.15]) * 10) / 10;
    recordPages(b, 'consistency.building_volume', plan, ['fact:volume'], `строительный объем ${ruNumber(t.volume, 1)} вместо ${ruNumber(before, 1)}`);
  },
};

export const apartments: DefectImpl = {
  variants: 4,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['АР', 'ИОС1', 'ПЗ', 'ОДИ'], v);
    const t = plan.facts.tep;
    const before = t.apartments;
    const delta = rng.pick([-8, -4, 2, 6, 12]);
    t.apartments += delta;
    // The document stays coherent with itself: its apartment mix sums to its own total.
    t.mix.one = Math.max(0, t.mix.one + delta);
    recordPages(b, 'consistency.apartments', plan, ['fact:apartments'], `количество квартир ${t.apartments} вместо ${before}`);
  },
};

/**
 * consistency.indicators: the building's height in one volume differs from the ПЗ's and the other volumes'; or (variants 3, 4)
 * the year the building to be demolished was built differs between ПЗ and ПОС.
 */
export const indicators: DefectImpl = {
  variants: 5,
  afterPlans(b, d, v, rng) {
    if (v >= 3) {
      const plan = target(b, rng, d, v === 3 ? ['ПОС', 'ПЗ'] : ['ПЗ', 'ПОС'], 0);
      const before = plan.facts.existingYear;
      plan.facts.existingYear = before + rng.pick([-12, -5, 4, 9]);
      recordPages(b, 'consistency.indicators', plan, ['fact:existingYear'], `год постройки сносимого здания ${plan.facts.existingYear} вместо ${before}`);
      return;
    }
    const plan = target(b, rng, d, ['АР', 'ПБ'], v);
    const t = plan.facts.tep;
    const before = t.height;
    t.height = Math.round((before + rng.pick([-3, -1.5, 1.2, 3])) * 100) / 100;
    recordPages(b, 'consistency.indicators', plan, ['fact:height'], `высота здания ${ruNumber(t.height, 2)} м вместо ${ruNumber(before, 2)} м`);
  },
};

/** consistency.parties: one volume names another ГИП on its title page and in its title blocks. */
export const parties: DefectImpl = {
  variants: 2,
  afterPlans(b, d, v, rng) {
    const plan = target(b, rng, d, ['АР', 'КР', 'ПОС', 'ООС', 'ПБ'], v);
    const before = b.set.gip;
    const surname = rng.pick(['Воронцов', 'Белозёров', 'Ковалевский', 'Тимофеев', 'Руднев'].filter((s) => s !== before.surname));
    plan.facts.gip = { surname, initials: v % 2 ? before.initials : 'Д.С.' };
    recordPages(b, 'consistency.parties', plan, [], `ГИП ${surname} вместо ${before.surname}`, () => [1]);
  },
};
