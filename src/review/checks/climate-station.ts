/**
 * The station of СП 131.13330 a set's design values are held against: the settlement of the object's address found among
 * the stations of its subject in the edition in force at the set's date, or — where the settlement has no station of its
 * own — the station the documents say they took the climate data for. Never a station chosen by distance.
 */
import { editionAt, stationNamed, TABLE_REGIONS, regionOfCode, type ClimateEdition, type ClimateStation } from '../data/climate.ts';
import { addressPlace } from '../facts/climate-place.ts';
import type { DocFacts, TextFact } from '../facts/types.ts';
import { earliestDay } from '../norms/in-force.ts';
import { designDocs } from './common.ts';
import type { CheckContext } from './types.ts';

export interface PlaceStation {
  edition: ClimateEdition;
  station: ClimateStation;
  /** How the station was chosen: the settlement's own, or the one the documents name. */
  how: 'own' | 'named';
  /** The object's address it was read from. */
  address: string;
  /** The statement naming the station, when the documents name it. */
  named?: { doc: DocFacts; fact: TextFact };
}

/** The edition in force on every day the set's reference date may stand for (today without one), or null. */
export function editionOf(ctx: Pick<CheckContext, 'set'>, today = new Date().toISOString().slice(0, 10)): ClimateEdition | null {
  const rd = ctx.set.referenceDate;
  return rd ? editionAt(earliestDay(rd), rd.date) : editionAt(today, today);
}

/** The station of the set's place, or null: no address, no edition held for its date, no station of its own and none named. */
export function placeStation(ctx: CheckContext): PlaceStation | null {
  const address = ctx.set.object?.address?.value;
  if (!address) return null;
  const edition = editionOf(ctx);
  if (!edition) return null;
  const place = addressPlace(address, TABLE_REGIONS);
  const region = place.region ?? regionOfCode(ctx.xml?.facts.regionCode ?? null);
  for (const s of place.settlements) {
    const station = stationNamed(edition, s.name, region);
    if (station) return { edition, station, how: 'own', address };
    // a settlement written with its type word is the place: it has no station of its own
    if (s.marked) break;
  }
  return namedStation(ctx, edition, region, address);
}

/** The one station the documents say the climate data were taken for; null when they name none or several. */
function namedStation(ctx: CheckContext, edition: ClimateEdition, region: string | null, address: string): PlaceStation | null {
  const docs = [...designDocs(ctx), ...(ctx.xml ? [ctx.xml.doc] : [])];
  const found = new Map<ClimateStation, { doc: DocFacts; fact: TextFact }>();
  for (const doc of docs) {
    for (const fact of doc.climateStations ?? []) {
      // «по г. Кострома Костромской области»: the name alone when the words after it are not part of it
      const station = stationNamed(edition, fact.value, region) ?? stationNamed(edition, fact.value.split(/\s/)[0]!, region);
      if (station && !found.has(station)) found.set(station, { doc, fact });
    }
  }
  if (found.size !== 1) return null;
  const [[station, named]] = [...found.entries()] as [[ClimateStation, { doc: DocFacts; fact: TextFact }]];
  return { edition, station, how: 'named', address, named };
}
