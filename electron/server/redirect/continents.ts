// A country's continent (the seven two-letter codes MaxMind uses), for
// clicks whose database names no continent: DB-IP's files carry country
// codes only. Transcontinental countries go where MaxMind puts them.
const BY_CONTINENT: Record<string, string> = {
  AF: 'DZ AO BJ BW BF BI CV CM CF TD KM CD CG CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS: 'AF AM AZ BH BD BT IO BN KH CN CY GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP OM PK PS PH QA SA SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE CC CX',
  EU: 'AX AL AD AT BY BE BA BG HR CZ DK EE FO FI FR DE GI GR GG HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB VA',
  NA: 'AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI',
  OC: 'AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV VU WF UM',
  SA: 'AR BO BR CL CO EC FK GF GY PY PE SR UY VE',
};

const CONTINENT_OF = new Map<string, string>();
for (const [continent, countries] of Object.entries(BY_CONTINENT)) for (const c of countries.split(' ')) CONTINENT_OF.set(c, continent);

export const CONTINENTS = Object.keys(BY_CONTINENT);

/** AF AN AS EU NA OC SA, or null for an unknown or unassigned code. */
export const continentOf = (country: string | null): string | null => (country === null ? null : CONTINENT_OF.get(country) ?? null);
