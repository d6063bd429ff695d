import { roman, romanSrc, type TraitSpec } from './trait-finder.ts';

/** Степень огнестойкости I–V (СП 2.13130, ФЗ № 123 ст. 30). */
export const FIRE_RESISTANCE: TraitSpec = {
  kind: 'fire_resistance',
  hint: /огнестойкост/i,
  labels: [String.raw`степень\s+огнестойкости`],
  value: romanSrc(5),
  canon: (raw) => {
    const v = roman(raw, 5);
    return v ? { value: v } : null;
  },
  reverse: [
    // «Здание относится ко II степени огнестойкости», «Проектируемый жилой дом II степени огнестойкости»
    new RegExp(
      String.raw`(?:относится\s+ко?|(?:проектируем|запроектирован|данн|настоящ)\S*\s+(?:здание|(?:жилой\s+)?дом|корпус|объект))\s+(${romanSrc(5)})\s+степени\s+огнестойкости`,
      'giu',
    ),
  ],
  // «Ф4.3 (встроенные помещения)», «IV – для автостоянки»; after a comma a part starts a statement of its own
  partAfter:
    /^[»"]?\s*(?:[(-]\s*(?:для\s+|в\s+)?|(?:для|в|во)\s+)(?:встроенн|пристроенн|нежил|подземн|автостоянк|паркинг|помещени|част[иь]|офис|магазин|коммерческ)/iu,
};

// «К0–К3» after this label is a designer's slip (the classes of constructions, not of a building): read as written, so it
// conflicts with the С-class the other documents give
const STRUCTURAL_VALUE = String.raw`[СCКK]\s?-?\s?[0-3]`;

/** Класс конструктивной пожарной опасности С0–С3 (Latin «C0» read as Cyrillic), or a К-class written in its place. */
export const STRUCTURAL_FIRE_CLASS: TraitSpec = {
  kind: 'structural_fire_class',
  hint: /конструктивной\s+пожарной/i,
  labels: [String.raw`класс(?:а|у|ом)?\s+конструктивной\s+пожарной\s+опасности`],
  value: STRUCTURAL_VALUE,
  canon: (raw) => ({ value: `${/^[КK]/i.test(raw) ? 'К' : 'С'}${raw.replace(/\D/g, '')}` }),
  partAfter: FIRE_RESISTANCE.partAfter!,
};

const FUNCTIONAL_VALUE = String.raw`Ф\s?[1-5]\s?[.,]\s?[1-9]`;
const FUNCTIONAL_MAX: Record<string, number> = { '1': 4, '2': 4, '3': 7, '4': 4, '5': 3 };

/** Класс функциональной пожарной опасности Ф1.1 … Ф5.3; several classes in one list are the building's set. */
export const FUNCTIONAL_FIRE_CLASS: TraitSpec = {
  kind: 'functional_fire_class',
  hint: /функциональной\s+пожарной/i,
  labels: [String.raw`класс(?:а|у|ом)?\s+функциональной\s+пожарной\s+опасности`],
  value: FUNCTIONAL_VALUE,
  canon: (raw) => {
    const [a, b] = raw.replace(/[^\d]/g, '').split('');
    if (!a || !b || Number(b) > (FUNCTIONAL_MAX[a] ?? 0)) return null;
    return { value: `Ф${a}.${b}` };
  },
  listIsSet: true,
  partAfter: FIRE_RESISTANCE.partAfter!,
};

const LEVELS: Record<string, string> = { повыш: 'повышенный', нормал: 'нормальный', пониж: 'пониженный' };
const BY_CLASS: Record<string, string> = { '1': 'пониженный', '2': 'нормальный', '3': 'повышенный' };
const BY_ROMAN: Record<string, string> = { I: 'повышенный', II: 'нормальный', III: 'пониженный' };
const LEVEL_WORD = String.raw`(?:повышенн|нормальн|пониженн)[а-яё]*`;

/** Уровень ответственности (ГОСТ 27751-2014, ФЗ № 384 ст. 4): повышенный / нормальный / пониженный; КС-1…3; old I–III. */
export const RESPONSIBILITY: TraitSpec = {
  kind: 'responsibility',
  hint: /ответственност|КС-?\s?[123]/i,
  labels: [String.raw`уровень\s+ответственности`, String.raw`класс\s+(?:сооружения|ответственности)`],
  value: String.raw`${LEVEL_WORD}|КС\s?-?\s?[123]|[IІ]{1,3}(?=\s*\(?\s*${LEVEL_WORD})|[IІ]{1,3}`,
  canon: responsibilityLevel,
  reverse: [new RegExp(String.raw`(?<![\p{L}])(?:относится\s+)?к\s+(${LEVEL_WORD})\s+уровню\s+ответственности`, 'giu')],
};

/** «нормальный», «КС-2», «II» → «нормальный». */
export function responsibilityLevel(raw: string): { value: string } | null {
  const s = raw.toLowerCase().replace(/і/g, 'i');
  const word = Object.keys(LEVELS).find((k) => s.startsWith(k));
  if (word) return { value: LEVELS[word]! };
  const ks = /^кс\s?-?\s?([123])$/.exec(s);
  if (ks) return { value: BY_CLASS[ks[1]!]! };
  const r = BY_ROMAN[s.toUpperCase()];
  return r ? { value: r } : null;
}

/**
 * Категория здания по взрывопожарной и пожарной опасности А, Б, В, Г, Д (СП 12.13130.2009, разд. 6; ФЗ № 123 ст. 27). A room's
 * category (В1–В4 of a store room) is no statement of the building: the label names the building or the plant.
 */
export const EXPLOSION_CATEGORY: TraitSpec = {
  kind: 'explosion_category',
  hint: /взрывопожарн|по\s+пожарной\s+опасности/i,
  labels: [
    String.raw`категори[яиюей]{1,2}\s+(?:здания|котельной|объекта|сооружения|корпуса)\s+по\s+(?:взрывопожарной\s+и\s+пожарной|взрывопожарной|пожарной)\s+опасности`,
    String.raw`категори[яиюей]{1,2}\s+по\s+(?:взрывопожарной\s+и\s+пожарной|взрывопожарной|пожарной)\s+опасности\s+(?:здания|котельной|объекта|сооружения|корпуса)`,
    // the assignment's characteristic of the object («Категория по пожарной и взрывопожарной опасности: В»)
    String.raw`категори[яиюей]{1,2}\s+по\s+пожарной\s+и\s+взрывопожарной\s+опасности`,
  ],
  value: String.raw`[АAБВBГДD]`,
  // the preposition «в» after the label («… опасности в соответствии с СП 12.13130») is no category: capitals only
  canon: (raw) => {
    if (raw !== raw.toUpperCase()) return null;
    const v = ({ A: 'А', B: 'В', D: 'Д' } as Record<string, string>)[raw] ?? raw;
    return { value: v };
  },
  reverse: [
    /(?:здание|котельная|сооружение|корпус)\s+(?:относится\s+к\s+)?категори[иеюя]\s+(?:«|")?([АAБВBГДD])(?:»|")?\s+по\s+(?:взрывопожарной\s+и\s+пожарной|взрывопожарной|пожарной)\s+опасности/gu,
  ],
  partAfter: FIRE_RESISTANCE.partAfter!,
};

export const FIRE_TRAITS: readonly TraitSpec[] = [FIRE_RESISTANCE, STRUCTURAL_FIRE_CLASS, FUNCTIONAL_FIRE_CLASS, RESPONSIBILITY, EXPLOSION_CATEGORY];
