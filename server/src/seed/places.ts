/** Swedish and Danish towns of the demo fleet: centre coordinates and a few real streets. */
export type OrgKey = 'nordic' | 'baltic';

export interface Town {
  name: string;
  lat: number;
  lon: number;
  /** How many units the town gets. */
  units: number;
  org: OrgKey;
  streets: readonly string[];
}

export const TOWNS: readonly Town[] = [
  {
    name: 'Stockholm',
    lat: 59.3293,
    lon: 18.0686,
    units: 30,
    org: 'nordic',
    streets: [
      'Drottninggatan',
      'Sveavägen',
      'Götgatan',
      'Hornsgatan',
      'Strandvägen',
      'Birger Jarlsgatan',
      'Valhallavägen',
      'Fleminggatan',
    ],
  },
  {
    name: 'Uppsala',
    lat: 59.8586,
    lon: 17.6389,
    units: 14,
    org: 'nordic',
    streets: ['Svartbäcksgatan', 'Kungsängsgatan', 'Dragarbrunnsgatan', 'Luthagsesplanaden', 'Vaksalagatan'],
  },
  {
    name: 'Västerås',
    lat: 59.6099,
    lon: 16.5448,
    units: 12,
    org: 'nordic',
    streets: ['Stora Gatan', 'Vasagatan', 'Kopparbergsvägen', 'Sigurdsgatan'],
  },
  {
    name: 'Örebro',
    lat: 59.2741,
    lon: 15.2066,
    units: 12,
    org: 'nordic',
    streets: ['Drottninggatan', 'Storgatan', 'Rudbecksgatan', 'Järntorgsgatan'],
  },
  {
    name: 'Umeå',
    lat: 63.8258,
    lon: 20.263,
    units: 10,
    org: 'nordic',
    streets: ['Rådhusesplanaden', 'Storgatan', 'Kungsgatan', 'Skolgatan'],
  },
  {
    name: 'Luleå',
    lat: 65.5848,
    lon: 22.1547,
    units: 10,
    org: 'nordic',
    streets: ['Storgatan', 'Smedjegatan', 'Kungsgatan', 'Skeppsbrogatan'],
  },
  {
    name: 'Sundsvall',
    lat: 62.3908,
    lon: 17.3069,
    units: 10,
    org: 'nordic',
    streets: ['Storgatan', 'Esplanaden', 'Köpmangatan', 'Trädgårdsgatan'],
  },
  {
    name: 'Gävle',
    lat: 60.6749,
    lon: 17.1413,
    units: 8,
    org: 'nordic',
    streets: ['Drottninggatan', 'Nygatan', 'Norra Kungsgatan'],
  },
  {
    name: 'København',
    lat: 55.6761,
    lon: 12.5683,
    units: 24,
    org: 'nordic',
    streets: ['Nørrebrogade', 'Vesterbrogade', 'Amagerbrogade', 'Østerbrogade', 'Bredgade', 'Gothersgade'],
  },
  {
    name: 'Aarhus',
    lat: 56.1629,
    lon: 10.2039,
    units: 14,
    org: 'nordic',
    streets: ['Søndergade', 'Ryesgade', 'Frederiks Allé', 'Nørregade', 'Vesterbrogade'],
  },
  {
    name: 'Göteborg',
    lat: 57.7089,
    lon: 11.9746,
    units: 22,
    org: 'baltic',
    streets: [
      'Kungsportsavenyn',
      'Linnégatan',
      'Vasagatan',
      'Första Långgatan',
      'Södra Vägen',
      'Norra Hamngatan',
    ],
  },
  {
    name: 'Malmö',
    lat: 55.605,
    lon: 13.0038,
    units: 18,
    org: 'baltic',
    streets: ['Södergatan', 'Amiralsgatan', 'Regementsgatan', 'Lorensborgsgatan', 'Bergsgatan'],
  },
  {
    name: 'Linköping',
    lat: 58.4108,
    lon: 15.6214,
    units: 10,
    org: 'baltic',
    streets: ['Storgatan', 'Ågatan', 'Drottninggatan', 'Hamngatan'],
  },
  {
    name: 'Norrköping',
    lat: 58.5877,
    lon: 16.1924,
    units: 8,
    org: 'baltic',
    streets: ['Drottninggatan', 'Hamngatan', 'Östra Promenaden'],
  },
  {
    name: 'Jönköping',
    lat: 57.7826,
    lon: 14.1618,
    units: 8,
    org: 'baltic',
    streets: ['Östra Storgatan', 'Barnarpsgatan', 'Klostergatan'],
  },
  {
    name: 'Helsingborg',
    lat: 56.0465,
    lon: 12.6945,
    units: 8,
    org: 'baltic',
    streets: ['Kullagatan', 'Järnvägsgatan', 'Drottninggatan'],
  },
  {
    name: 'Odense',
    lat: 55.4038,
    lon: 10.4024,
    units: 12,
    org: 'baltic',
    streets: ['Vestergade', 'Kongensgade', 'Overgade', 'Nørregade'],
  },
  {
    name: 'Aalborg',
    lat: 57.0488,
    lon: 9.9217,
    units: 12,
    org: 'baltic',
    streets: ['Boulevarden', 'Vesterbro', 'Jomfru Ane Gade', 'Danmarksgade'],
  },
  {
    name: 'Esbjerg',
    lat: 55.4765,
    lon: 8.4594,
    units: 10,
    org: 'baltic',
    streets: ['Kongensgade', 'Torvegade', 'Skolegade', 'Strandbygade'],
  },
  {
    name: 'Roskilde',
    lat: 55.6415,
    lon: 12.0803,
    units: 8,
    org: 'baltic',
    streets: ['Algade', 'Skomagergade', 'Hersegade'],
  },
];

/** Parking garages a parking unit is named after ("Parking P-Hus Centrum 3"). */
export const GARAGES = [
  'P-Hus Centrum',
  'P-Hus Stationen',
  'P-Hus Galleria',
  'P-Hus Torget',
  'P-Hus Sjukhuset',
  'P-Hus Arenan',
];

/**
 * The demo organisations' groups (regions): a root region may have sub-regions; each town of a
 * region is one site (a location container) holding the town's installed units.
 */
export interface Region {
  org: OrgKey;
  name: string;
  /** The parent region's name (same organisation), or none for a root. */
  parent?: string;
  towns: readonly string[];
}

export const REGIONS: readonly Region[] = [
  { org: 'nordic', name: 'Sweden', towns: [] },
  { org: 'nordic', name: 'Mälardalen', parent: 'Sweden', towns: ['Stockholm', 'Uppsala', 'Västerås', 'Örebro'] },
  { org: 'nordic', name: 'Norrland', parent: 'Sweden', towns: ['Umeå', 'Luleå', 'Sundsvall', 'Gävle'] },
  { org: 'nordic', name: 'Denmark', towns: ['København', 'Aarhus'] },
  { org: 'baltic', name: 'Southern Sweden', towns: [] },
  { org: 'baltic', name: 'West coast & Skåne', parent: 'Southern Sweden', towns: ['Göteborg', 'Malmö', 'Helsingborg'] },
  { org: 'baltic', name: 'Östergötland & Småland', parent: 'Southern Sweden', towns: ['Linköping', 'Norrköping', 'Jönköping'] },
  { org: 'baltic', name: 'Denmark', towns: ['Odense', 'Aalborg', 'Esbjerg', 'Roskilde'] },
];
