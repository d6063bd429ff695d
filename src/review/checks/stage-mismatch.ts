import type { DocFacts } from '../facts/types.ts';
import type { DocumentType, StageSignal } from '../set/types.ts';
import { quote } from './common.ts';
import { sameObjectName } from './object-identity.ts';
import { defineCheck, where, type CheckContext } from './types.ts';

const STAGE_NAME = { П: 'проектная документация (стадия П)', Р: 'рабочая документация (стадия Р)' } as const;
const SOURCE_NAME = { title: 'титульный лист', stamp: 'основная надпись', cipher: 'шифр в основной надписи' } as const;

/** The documents that state a stage of their own: volumes of ПД and albums of РД. */
const VOLUMES: readonly DocumentType[] = ['pd_section', 'rd_mark'];

/**
 * N-08: a volume must state one stage. Its title page line against the stage its stamps print or its cipher carries
 * is a finding; a volume without a title line whose stamps disagree with the stage of the rest of the set is a question.
 */
export const stageMismatch = defineCheck({
  id: 'stamps.stage_mismatch',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Стадия тома на титульном листе не совпадает со стадией в основных надписях или в шифре (П / Р)',
  appliesTo: VOLUMES,
  find(ctx, report) {
    const volumes = ctx.set.documents.filter((x) => VOLUMES.includes(x.type));
    // the stage all the other volumes agree on (this one left out, so it cannot make the set «mixed» itself)
    const restStage = (docIndex: number) => {
      const stages = new Set(volumes.filter((x) => x.docIndex !== docIndex).map((x) => (x.type === 'rd_mark' ? 'Р' : 'П')));
      return stages.size === 1 ? ([...stages][0] as 'П' | 'Р') : null;
    };
    for (const d of ctx.docs) {
      const t = ctx.set.documents.find((x) => x.docIndex === d.doc.index);
      if (!t || d.doc.role !== 'review') continue;
      const signals = t.stageSignals ?? [];
      const title = signals.find((s) => s.source === 'title');
      const other = signals.find((s): s is StageSignal => s.source !== 'title' && (!title || s.stage !== title.stage));
      if (title && other) {
        const place = { doc: d, page: other.page };
        const sheets = other.count && other.count > 1 ? ` (так на ${other.count} листах)` : '';
        const foreign = other.source === 'stamp' ? foreignStampName(ctx, d, other.page) : null;
        const stated = `${other.source === 'stamp' ? 'стадию' : 'на'} ${other.stage === 'Р' ? 'Р (рабочая документация)' : 'П (проектная документация)'}`;
        report({
          about: d,
          // a sheet of another stage whose title block names another object is a sheet of another set bound in
          essence: foreign
            ? `В том «${d.doc.name}» (${STAGE_NAME[title.stage]}) вложен лист другого комплекта: его основная надпись указывает ${stated} и объект ${quote(foreign)}.`
            : `Том «${d.doc.name}» оформлен как ${STAGE_NAME[title.stage]}, а ${SOURCE_NAME[other.source]} указывает ${stated}.`,
          evidence: `${where({ doc: d, page: title.page })}: ${quote(title.text)}.\n${where(place)}: ${quote(other.text)}${sheets}${foreign ? `; объект в основной надписи — ${quote(foreign)}, объект комплекта — ${quote(ctx.set.object!.name!.value)}` : ''}.`,
          action: foreign
            ? 'Исключить из тома лист другого комплекта или заменить его листом этого тома с его шифром, стадией и наименованием объекта.'
            : `Привести стадию в основных надписях и шифре тома в соответствие со стадией документации (${title.stage === 'П' ? '«П» для проектной документации' : '«Р» для рабочей документации'}) либо исправить титульный лист.`,
          places: [place, { doc: d, page: title.page }],
          norm: 'ГОСТ Р 21.101-2020 СПДС. Основные требования к проектной и рабочей документации (основная надпись, графа «Стадия»)',
        });
        continue;
      }
      const setStage = restStage(d.doc.index);
      if (!title && setStage && other && other.stage !== setStage && other.source === 'stamp') {
        report.question({
          section: d.section ?? 'ОБЩ',
          text: `Том «${d.doc.name}» относится к проектной или к рабочей документации? В основной надписи ${quote(other.text)}, а комплект в целом — ${STAGE_NAME[setStage]}.`,
          reason: `${where({ doc: d, page: other.page })}: ${quote(other.text)}; титульного листа со стадией в томе не найдено.`,
          places: [{ doc: d, page: other.page }],
        });
      }
    }
  },
});

/** The object a sheet's title block names when it is not the set's object, or null. */
function foreignStampName(ctx: CheckContext, d: DocFacts, page: number): string | null {
  const own = ctx.set.object?.name?.value;
  if (!own) return null;
  const named = d.objectNames.find((n) => n.docPage === page && n.source === 'stamp' && !sameObjectName(own, n.value));
  return named?.value ?? null;
}
