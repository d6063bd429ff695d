/** Where a statement of the object was read, strongest first (the order `establishObject` weighs them in). */
export type ObjectSource = 'xml' | 'title' | 'label' | 'stamp' | 'request' | 'text';

/** One attribute of the designed object as the set states it, with the place it was read. */
export interface ObjectStatement {
  value: string;
  source: ObjectSource;
  /** Document and page it was read on; null for the request's address. */
  docIndex: number | null;
  page: number | null;
  /** The words it was read from. */
  quote: string;
  /** How many documents state the same value. */
  documents: number;
}

/** The designed object, established once per run from the strongest sources: what the set is about. */
export interface ObjectIdentity {
  name: ObjectStatement | null;
  /** The institution the name designates, «школа № 12», or null. */
  institution: string | null;
  address: ObjectStatement | null;
  cadastralNumbers: ObjectStatement[];
  cipherBase: ObjectStatement | null;
  customer: ObjectStatement | null;
  designer: ObjectStatement | null;
  chiefEngineer: ObjectStatement | null;
}
