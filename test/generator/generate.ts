/** generateSet: a realistic documentation set with planted defects, deterministic from the seed. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Rng } from './rng.ts';
import { copyDocFacts, makeFacts } from './facts.ts';
import { addressStyle, formatAddress } from './format.ts';
import { anchorPage, buildDoc, stampStyle, type DocPlan } from './build-doc.ts';
import { blockTexts, mapBlockTexts } from './model.ts';
import { ORDER, OPTIONAL_CODES, REQUIRED_CODES, sectionInfo } from './sections.ts';
import type { VolumeRef } from './content/common.ts';
import { dateSetBack, xmlNoteName, type SetBuild } from './set-build.ts';
import { setContentTrap } from './defects/content.ts';
import { DEFECTS } from './defects/index.ts';
import { transposedCadastral } from './defects/consistency.ts';
import { renderPdf } from './render-pdf.ts';
import { renderDocx } from './render-docx.ts';
import { withBrokenTextLayer } from './mojibake.ts';
import { fileChecksum, issuedDocuments, xmlNote, type XmlNoteData } from './xml-note.ts';
import { designAssignmentXml, FUNCTIONS_CLASS, metAssignment } from './design-assignment.ts';
import { writeEstimate } from './estimate.ts';
import { writeIuls } from './iul.ts';
import type { ComparisonTrap, ContentTrap, GeneratedFile, GeneratedSet, SetSpec, VolumeTrap } from './types.ts';
import { bindForeignAlbum, drawingRegister, numberInParts, PARTS_TARGETS } from './volume-parts.ts';

function defaultSections(rng: Rng): string[] {
  return [...REQUIRED_CODES, ...OPTIONAL_CODES.filter(() => rng.chance(0.35))];
}

type NamePattern = (p: { cipher: string; volume: string; code: string; section: number }) => string;
const NAME_PATTERNS: NamePattern[] = [
  ({ cipher }) => cipher,
  ({ cipher, volume }) => `Том ${volume}_${cipher}`,
  ({ code, section }) => `Раздел ПД №${section}_${code}`,
  ({ cipher, volume }) => `${volume}. ${cipher}`,
];

function plansFor(b: SetBuild, rng: Rng): DocPlan[] {
  const pattern = rng.pick(NAME_PATTERNS);
  const codes = ORDER.filter((c) => b.codes.has(c)).flatMap((c) => (c === 'КР' && b.splitKr ? ['КР1', 'КР2'] : [c]));
  return codes.map((code) => {
    const section = code.startsWith('КР') ? 'КР' : code;
    const info = sectionInfo(section);
    const volume = code === 'КР1' ? '4.1' : code === 'КР2' ? '4.2' : info.volume;
    const cipher = `${b.set.cipherBase}-${code}`;
    const format = b.formats.length > 1 ? (rng.chance(0.4) ? 'docx' : 'pdf') : (b.formats[0] ?? 'pdf');
    const title = code === 'КР1' ? `${info.title}. Фундаменты` : code === 'КР2' ? `${info.title}. Конструкции надземной части` : info.title;
    const fileName = `${pattern({ cipher, volume, code, section: Number(volume.split('.')[0]) })}.${format}`;
    return { code, section, cipher, volume, title, fileName, format, facts: copyDocFacts(b.set) };
  });
}

/** Resolves references to another volume's sheet count, e.g. a sheet beyond the end of АР. */
function resolveCrossRefs(b: SetBuild): void {
  for (const m of b.models) {
    const sheets = m.pages.length - 1;
    const f = (s: string): string =>
      s
        .replace(/\{\{sheets\+(\d+)\}\}/g, (_x, k: string) => String(sheets + Number(k)))
        .replace(/\{\{xsheet:([^:}]+):([\w-]+)\}\}/g, (_x, code: string, anchor: string) => {
          const other = b.models.find((o) => o.code === code);
          const page = other ? anchorPage(other, anchor) : null;
          if (page === null) throw new Error(`no sheet ${anchor} in ${code}`);
          return String(page - 1);
        })
        .replace(/\{\{xsheets:([^+}]+)\+(\d+)\}\}/g, (_x, code: string, k: string) => {
          const other = b.models.find((o) => o.code === code);
          if (!other) throw new Error(`no volume ${code}`);
          return String(other.pages.length - 1 + Number(k));
        });
    for (const pg of m.pages) pg.blocks = pg.blocks.map((blk) => (blockTexts(blk).some((t) => t.includes('{{')) ? mapBlockTexts(blk, f) : blk));
  }
}

/** The set-wide part of a comparison trap: the address by its plot, the plots listed on purpose. */
function comparisonTrapBeforePlans(b: SetBuild, trap: ComparisonTrap): void {
  if (trap === 'plot_address') {
    b.set.address.plot = true;
    b.set.address.building = null;
  } else if (trap === 'plots_listed') {
    const transposed = transposedCadastral(b.set.cadastral);
    const other = `${b.set.kvartal}:${Number(b.set.cadastral.split(':')[3]) + 17}`;
    b.set.listedPlots = [transposed, other];
    b.set.neighbourCadastral = transposed;
  }
}

/** The volumes' part of a comparison trap: КР counts every floor with the basement, ПОС states the storeys above ground. */
function comparisonTrapAfterPlans(b: SetBuild, trap: ComparisonTrap): void {
  if (trap !== 'storeys_basement') return;
  for (const plan of b.plans) {
    if (plan.code === 'КР' || plan.code === 'КР1') plan.facts.tep.phrase = 'with_basement';
    if (plan.code === 'ПОС') plan.facts.tep.phrase = 'above_ground';
  }
}

/** A trap on a PDF volume no defect touches: parts numbered each from 1, or another album's drawings bound in. */
function setTrap(b: SetBuild, trap: VolumeTrap): void {
  const candidates = trap === 'parts_numbering' ? PARTS_TARGETS : ['КР', 'КР1', 'КР2', 'ПОС', 'АР', 'ПЗУ'];
  const m = b.models.find((x) => candidates.includes(x.code) && x.format === 'pdf' && !b.used.has(x.code) && x.pages.some((pg) => pg.stamp?.form === 3));
  if (!m) return;
  b.used.add(m.code);
  if (trap === 'parts_numbering') {
    numberInParts(m);
    drawingRegister(m);
  } else bindForeignAlbum(m);
}

export async function generateSet(spec: SetSpec, outDir: string): Promise<GeneratedSet> {
  const rng = new Rng(spec.seed);
  const set = makeFacts(rng.fork(1), spec.climateTrap);
  // drawn in the set's order of draws (every fork takes one): the task's address style before the defects' streams
  const style = { ...stampStyle(rng.fork(2)), ...(spec.stampLabels ? { labels: spec.stampLabels } : {}) };
  const codes = new Set(spec.sections ?? defaultSections(rng.fork(3)));
  const splitKr = rng.fork(4).chance(0.25);
  const taskStyle = addressStyle(rng.fork(5), set.address);
  const b: SetBuild = {
    set,
    style,
    codes,
    splitKr,
    formats: spec.formats?.length ? spec.formats : ['pdf'],
    withXml: spec.withXmlNote ?? false,
    assignment: spec.withAssignment ? metAssignment(set) : null,
    brokenTextLayer: spec.brokenTextLayer !== undefined,
    withIul: spec.withIul ?? false,
    iulHooks: [],
    withEstimate: spec.withEstimate ?? false,
    estimateHooks: [],
    userRequest: spec.userRequest ?? null,
    // formatted once the defects and traps have settled the address (a plot's address prints its plot)
    objectAddress: '',
    plans: [],
    models: [],
    planted: [],
    contentTraps: [],
    contentHooks: [],
    modelHooks: [],
    xmlHooks: [],
    used: new Set(),
  };
  if (spec.year !== undefined) dateSetBack(b, spec.year);
  const defects = spec.defects.map((d, i) => {
    const impl = DEFECTS[d.kind];
    const drng = rng.fork(100 + i);
    return { d, impl, drng, variant: d.variant ?? drng.int(0, impl.variants - 1) };
  });
  for (const trap of spec.comparisonTraps ?? []) comparisonTrapBeforePlans(b, trap);
  for (const x of defects) x.impl.beforePlans?.(b, x.d, x.variant, x.drng);
  b.objectAddress = formatAddress(set.address, taskStyle);
  b.plans = plansFor(b, rng.fork(6));
  for (const trap of spec.comparisonTraps ?? []) comparisonTrapAfterPlans(b, trap);
  for (const x of defects) x.impl.afterPlans?.(b, x.d, x.variant, x.drng);

  // Cross-references and the composition list name the volumes as intended, whatever a defect printed on them.
  const volumes: VolumeRef[] = b.plans.map((p) => ({ code: p.code, cipher: `${set.cipherBase}-${p.code}`, title: p.title, volume: p.volume }));
  const docRng = rng.fork(7);
  const contentTraps = (spec.traps ?? []).filter((t): t is ContentTrap => t.startsWith('content_'));
  if (contentTraps.length) {
    const trapRng = rng.fork(8);
    for (const trap of contentTraps) setContentTrap(b, trap, trapRng);
  }
  b.models = b.plans.map((plan) => {
    const hooks = b.contentHooks.filter((h) => h.code === plan.code);
    return buildDoc(docRng.fork(plan.code.length * 31 + plan.code.charCodeAt(0)), set, b.style, plan, volumes, (c) => {
      for (const h of hooks) h.mutate(c);
    });
  });
  resolveCrossRefs(b);
  for (const hook of b.modelHooks) hook();
  for (const trap of spec.traps ?? []) if (!trap.startsWith('content_')) setTrap(b, trap);

  await mkdir(outDir, { recursive: true });
  const files: GeneratedFile[] = [];
  for (const m of b.models) {
    const path = join(outDir, m.fileName);
    if (m.format === 'pdf') await renderPdf(spec.brokenTextLayer ? withBrokenTextLayer(m, spec.brokenTextLayer) : m, path);
    else await renderDocx(m, path);
    const plan = b.plans.find((p) => p.code === m.code) as DocPlan;
    files.push({ name: m.fileName, path, format: m.format, kind: plan.section, pages: m.pages.length });
  }
  if (b.withIul) files.push(...(await writeIuls(b, outDir, [...files])));
  if (b.withEstimate) files.push(await writeEstimate(b, outDir));
  if (b.withXml) files.push(await writeXml(b, outDir, files));
  if (b.assignment) {
    const path = join(outDir, 'Задание на проектирование.xml');
    await writeFile(path, designAssignmentXml(b.assignment, b.set));
    files.push({ name: 'Задание на проектирование.xml', path, format: 'xml', kind: 'ЗнП', pages: 0 });
  }
  return { files, objectAddress: b.objectAddress, userRequest: b.userRequest, planted: b.planted, contentTraps: b.contentTraps };
}

async function writeXml(b: SetBuild, outDir: string, files: GeneratedFile[]): Promise<GeneratedFile> {
  const a = b.set.address;
  const data: XmlNoteData = {
    number: `${b.set.cipherBase}-ПЗ`,
    year: b.set.year,
    objectName: b.set.objectName,
    regionCode: b.set.regionCode,
    postIndex: a.postIndex,
    oktmo: b.set.oktmo,
    city: a.city,
    street: `${a.streetType} ${a.street}`,
    building: a.plot ? `з/у ${a.house}` : `${a.house}${a.building ? `, корп. ${a.building}` : ''}`,
    cadastral: b.set.cadastral,
    files: [],
    notDeveloped: [...OPTIONAL_CODES, 'ИОС6', 'ТХ', 'СМ', 'ИД'].filter((c) => !b.codes.has(c) && !(c === 'СМ' && b.withEstimate)),
    loads: {
      gpzu: b.set.gpzu,
      gpzuDate: b.set.gpzuDate,
      tu: { power: { ...b.set.tu.power }, water: { ...b.set.tu.water }, heat: { ...b.set.tu.heat } },
      power: b.set.power,
      water: b.set.water,
      heat: b.set.heat,
    },
    functionsClass: FUNCTIONS_CLASS,
    energyClass: b.set.traits.energyClass,
    responsibility: b.set.traits.responsibility,
    climate: {
      district: b.set.traits.climateDistrict,
      snow: b.set.traits.snow,
      wind: b.set.traits.wind,
      seismic: b.set.traits.seismic ? String(b.set.traits.seismic) : 'менее 6 баллов',
    },
    extraNorms: [],
    issued: issuedDocuments(b.set),
  };
  for (const p of b.plans) {
    if (p.code === 'ПЗ') continue;
    const f = files.find((x) => x.name === p.fileName) as GeneratedFile;
    data.files.push({ section: p.section, docName: p.title, cipher: p.cipher, fileName: p.fileName, format: p.format, checksum: await fileChecksum(f.path) });
  }
  // the estimate is a document of the set like a volume: the note lists it under the estimate section
  const estimate = b.withEstimate ? files.find((f) => f.kind === 'СМ') : undefined;
  if (estimate)
    data.files.push({
      section: 'СМ',
      docName: 'Локальный сметный расчет',
      cipher: `${b.set.cipherBase}-СМ`,
      fileName: estimate.name,
      format: estimate.format === 'docx' ? 'docx' : 'pdf',
      checksum: await fileChecksum(estimate.path),
    });
  for (const hook of b.xmlHooks) hook(data);
  const name = xmlNoteName(b);
  const path = join(outDir, name);
  await writeFile(path, xmlNote(data, b.set));
  return { name, path, format: 'xml', kind: 'ПЗ', pages: 0 };
}
